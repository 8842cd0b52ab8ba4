import { describe, expect, it } from 'vitest';
import { inTurn } from '../../src/common/async/in-turn';

/** A piece of work that records when it starts and ends, and finishes only when told to. */
function step(name: string, log: string[], fail = false) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const work = async () => {
    log.push(`${name} starts`);
    await done;
    log.push(`${name} ends`);
    if (fail) throw new Error(`${name} failed`);
    return name;
  };
  return { work, finish };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('inTurn', () => {
  it('starts the second piece of work under a key only once the first has settled, even when the first fails', async () => {
    const queue = inTurn();
    const log: string[] = [];
    const keep = step('keep', log, true);
    const forget = step('forget', log);
    const kept = queue('eva:movies/1', keep.work);
    const forgot = queue('eva:movies/1', forget.work);
    await turn();
    expect(log).toEqual(['keep starts']);
    forget.finish();
    await turn();
    expect(log).toEqual(['keep starts']);
    keep.finish();
    await expect(kept).rejects.toThrow('keep failed');
    await expect(forgot).resolves.toBe('forget');
    expect(log).toEqual(['keep starts', 'keep ends', 'forget starts', 'forget ends']);
  });

  it('lets work under another key run beside it', async () => {
    const queue = inTurn();
    const log: string[] = [];
    const eva = step('eva', log);
    const rui = step('rui', log);
    const first = queue('eva:movies/1', eva.work);
    const second = queue('rui:movies/1', rui.work);
    await turn();
    expect(log).toEqual(['eva starts', 'rui starts']);
    rui.finish();
    await expect(second).resolves.toBe('rui');
    eva.finish();
    await expect(first).resolves.toBe('eva');
  });
});
