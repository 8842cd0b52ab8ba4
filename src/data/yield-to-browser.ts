/**
 * Gives the browser a turn (to paint, to answer a tap) between two pieces of background work:
 * scheduler.yield() where it exists (it resumes ahead of other queued work), else a new task.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
