/**
 * Runs `task` when the browser is next idle (at the latest after `timeoutMs`), for downloads that should not compete
 * with the first screen. Safari has no requestIdleCallback: there the task runs after `fallbackMs`. Returns the
 * cancel function, for an effect's clean-up.
 */
export function whenIdle(task: () => void, { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number }): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, fallbackMs);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(task, { timeout: timeoutMs });
  return () => cancelIdleCallback(idle);
}
