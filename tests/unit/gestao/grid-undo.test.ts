/**
 * The grid's undo and redo stack (src/gestao/grid-undo.ts): moves undone and made again in order,
 * a new move forgetting what was undone, a release emptying it, a session moved elsewhere dropped,
 * the buttons' words, the keys, which fields keep Ctrl+Z for their typing, and the tab's storage.
 */
import { describe, expect, it } from 'vitest';
import {
  afterRedo,
  afterUndo,
  asOfRelease,
  emptyStack,
  isTextField,
  keepStack,
  loadStack,
  moveText,
  withMove,
  withoutSession,
  type GridMove,
} from '../../../src/gestao/grid-undo';

const VENUES: Record<number, string> = { 1: 'Cinema São Jorge', 2: 'Cinemateca Portuguesa' };
const venueName = (id: number) => VENUES[id] ?? '';

const vespa: GridMove = {
  sessionId: 7,
  title: 'Tudo por Uma Vespa',
  from: { starts_at: '2026-11-28T18:00', venue_id: 1 },
  to: { starts_at: '2026-11-28T19:15', venue_id: 1 },
};
const siena: GridMove = {
  sessionId: 9,
  title: 'Tempestade Sobre Siena',
  from: { starts_at: '2026-11-28T20:00', venue_id: 2 },
  to: { starts_at: '2026-11-28T20:00', venue_id: 1 },
};

describe('the grid’s undo stack', () => {
  it('undoes the last move first, makes the undone ones again in the reverse order', () => {
    const made = withMove(withMove(emptyStack(3), vespa), siena);
    expect(made.done).toEqual([vespa, siena]);
    const once = afterUndo(made);
    expect(once.done).toEqual([vespa]);
    expect(once.undone).toEqual([siena]);
    const twice = afterUndo(once);
    expect(twice).toEqual({ release: 3, done: [], undone: [siena, vespa] });
    // Nothing more to undo: the stack stays as it is.
    expect(afterUndo(twice)).toEqual(twice);
    const redone = afterRedo(twice);
    expect(redone.done).toEqual([vespa]);
    expect(afterRedo(redone)).toEqual(made);
    expect(afterRedo(made)).toEqual(made);
  });

  it('a new move forgets what was undone', () => {
    const undone = afterUndo(withMove(withMove(emptyStack(null), vespa), siena));
    const moved = withMove(undone, { ...siena, to: { starts_at: '2026-11-28T21:00', venue_id: 2 } });
    expect(moved.undone).toEqual([]);
    expect(moved.done).toHaveLength(2);
  });

  it('is emptied by a release: what was published is no longer undone', () => {
    const made = withMove(emptyStack(3), vespa);
    expect(asOfRelease(made, 3)).toBe(made);
    expect(asOfRelease(made, 4)).toEqual({ release: 4, done: [], undone: [] });
    expect(asOfRelease(withMove(emptyStack(null), vespa), 1).done).toEqual([]);
  });

  it('drops the moves of a session moved meanwhile by another way', () => {
    const stack = afterUndo(withMove(withMove(emptyStack(2), vespa), siena));
    expect(withoutSession(stack, siena.sessionId)).toEqual({ release: 2, done: [vespa], undone: [] });
  });

  it('names a move by its title and times, and its venues when it changed venue', () => {
    expect(moveText(vespa, venueName)).toBe('Tudo por Uma Vespa 18:00 → 19:15');
    expect(moveText(siena, venueName)).toBe('Tempestade Sobre Siena 20:00, Cinemateca Portuguesa → 20:00, Cinema São Jorge');
  });
});

describe('the keys', () => {
  const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);
  it('Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo; ⌘ too; nothing else', async () => {
    const { undoKey } = await import('../../../src/gestao/grid-undo');
    expect(undoKey(key({ key: 'z', ctrlKey: true }))).toBe('undo');
    expect(undoKey(key({ key: 'Z', ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(undoKey(key({ key: 'y', ctrlKey: true }))).toBe('redo');
    expect(undoKey(key({ key: 'z', metaKey: true }))).toBe('undo');
    expect(undoKey(key({ key: 'z' }))).toBeUndefined();
    expect(undoKey(key({ key: 'z', ctrlKey: true, altKey: true }))).toBeUndefined();
    expect(undoKey(key({ key: 'x', ctrlKey: true }))).toBeUndefined();
  });

  it('leaves Ctrl+Z to a text field, takes it from a button or a block', () => {
    const field = (tag: string, type?: string) => {
      const element = document.createElement(tag);
      if (type) element.setAttribute('type', type);
      return element;
    };
    expect(isTextField(field('input'))).toBe(true);
    expect(isTextField(field('input', 'search'))).toBe(true);
    expect(isTextField(field('textarea'))).toBe(true);
    expect(isTextField(field('input', 'checkbox'))).toBe(false);
    expect(isTextField(field('button'))).toBe(false);
    expect(isTextField(field('div'))).toBe(false);
    expect(isTextField(null)).toBe(false);
  });
});

describe('the tab’s storage', () => {
  it('keeps the stack across a reload, and reads nothing broken as a stack', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    const stack = withMove(emptyStack(5), vespa);
    keepStack(storage, stack);
    expect(loadStack(storage)).toEqual(stack);
    kept.set([...kept.keys()][0]!, '{"done": 3}');
    expect(loadStack(storage)).toEqual(emptyStack(null));
    kept.set([...kept.keys()][0]!, 'não é JSON');
    expect(loadStack(storage)).toEqual(emptyStack(null));
    expect(loadStack(undefined)).toEqual(emptyStack(null));
  });
});
