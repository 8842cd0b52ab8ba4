/**
 * The grid's undo and redo: the moves made on the grid in this browser tab, until the next release.
 * Each move is kept with where the session was and where it went; undoing one is saving the session
 * back in the draft (by the grid's own save, with its version), so it survives a reload. The stack
 * is kept in the tab's sessionStorage (a reload keeps it, another tab has its own) with the release
 * it was made under: once something is published, its moves are history, no longer undone here.
 */
import { clockTime } from '../common/time/lisbon-time';

/** Where a session is: its start (wall-clock 'YYYY-MM-DDTHH:MM') and its venue. */
export interface Place {
  starts_at: string;
  venue_id: number;
}

export interface GridMove {
  sessionId: number;
  title: string;
  from: Place;
  to: Place;
}

export interface MoveStack {
  /** The newest release when the moves were made (null before the first). */
  release: number | null;
  /** The moves made, oldest first: the last one is what "Desfazer" undoes. */
  done: GridMove[];
  /** The moves undone, the last undone last: what "Refazer" makes again. */
  undone: GridMove[];
}

export const emptyStack = (release: number | null): MoveStack => ({ release, done: [], undone: [] });

export const samePlace = (a: Place, b: Place) => a.starts_at === b.starts_at && a.venue_id === b.venue_id;

/** A new move on top; what was undone can no longer be made again. */
export function withMove(stack: MoveStack, move: GridMove): MoveStack {
  return { ...stack, done: [...stack.done, move], undone: [] };
}

/** The last move, undone (it can be made again). */
export function afterUndo(stack: MoveStack): MoveStack {
  const move = stack.done.at(-1);
  return move ? { ...stack, done: stack.done.slice(0, -1), undone: [...stack.undone, move] } : stack;
}

/** The last move undone, made again. */
export function afterRedo(stack: MoveStack): MoveStack {
  const move = stack.undone.at(-1);
  return move ? { ...stack, done: [...stack.done, move], undone: stack.undone.slice(0, -1) } : stack;
}

/** The stack without a session's moves (it was moved elsewhere meanwhile: they no longer apply). */
export function withoutSession(stack: MoveStack, sessionId: number): MoveStack {
  const keep = (m: GridMove) => m.sessionId !== sessionId;
  return { ...stack, done: stack.done.filter(keep), undone: stack.undone.filter(keep) };
}

/** The stack as of `release`: emptied when something was published since its moves were made. */
export const asOfRelease = (stack: MoveStack, release: number | null): MoveStack =>
  stack.release === release ? stack : emptyStack(release);

/**
 * A move in words, as the buttons name it: "Tudo por Uma Vespa 18:00 → 19:15", the venues named
 * when it changed venue ("18:00, Cinema Ideal → 18:00, Cinemateca Portuguesa").
 */
export function moveText(move: GridMove, venueName: (id: number) => string): string {
  const sameVenue = move.from.venue_id === move.to.venue_id;
  const place = (p: Place) => (sameVenue ? clockTime(p.starts_at) : `${clockTime(p.starts_at)}, ${venueName(p.venue_id)}`);
  return `${move.title} ${place(move.from)} → ${place(move.to)}`;
}

/** The keys of undo and redo: Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y (⌘ on a Mac). */
export function undoKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return undefined;
}

const NOT_TYPED = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image']);

/** Whether a key goes to a text field (where Ctrl+Z undoes the typing, not a move). */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !NOT_TYPED.has(target.type);
}

const STORAGE_KEY = 'gestao-grelha-movimentos';

/** The tab's stack as kept (an empty one when none is kept or sessionStorage cannot be read); asOfRelease says whether it still holds. */
export function loadStack(storage: Pick<Storage, 'getItem'> | undefined): MoveStack {
  try {
    const kept = storage?.getItem(STORAGE_KEY);
    const stack = kept ? (JSON.parse(kept) as MoveStack) : undefined;
    return stack && Array.isArray(stack.done) && Array.isArray(stack.undone) ? stack : emptyStack(null);
  } catch {
    return emptyStack(null);
  }
}

export function keepStack(storage: Pick<Storage, 'setItem'> | undefined, stack: MoveStack): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(stack));
  } catch {
    // A full or refused storage: the stack lasts as long as the page.
  }
}
