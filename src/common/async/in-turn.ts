/**
 * Work queued under one key runs one after another, each after the one before has settled (kept
 * or failed); keys never wait for each other. For writes whose order matters, such as keeping and
 * then forgetting the same copy, where two requests sent side by side may arrive the other way round.
 */
export function inTurn(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const last = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const next = (last.get(key) ?? Promise.resolve()).then(work, work);
    const settled = next.catch(() => undefined);
    last.set(key, settled);
    void settled.then(() => {
      if (last.get(key) === settled) last.delete(key);
    });
    return next;
  };
}
