/**
 * Gives the browser a turn (to paint, to answer a tap) between two pieces of background work:
 * scheduler.yield() where it exists (it resumes ahead of other queued work), else a new task.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the browser has painted the current frame: for the slower part of a tap (a write,
 * an address update) after the frame that shows the tap's result. A hidden page paints no frame.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
