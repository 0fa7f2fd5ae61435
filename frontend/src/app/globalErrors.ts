/**
 * Unhandled rejections and global errors are only logged. One message is left out: browsers report a
 * ResizeObserver whose callback changed the layout it observes (the calendar measuring its width as it renders) as
 * 'ResizeObserver loop completed with undelivered notifications' (Chromium; Firefox and Safari: 'ResizeObserver loop
 * limit exceeded'). The notifications are delivered at the next frame, nothing is lost, and it came with every
 * calendar render.
 */
const BENIGN = [/^ResizeObserver loop completed with undelivered notifications\.?$/, /^ResizeObserver loop limit exceeded$/];

/** Whether a global error event is one of the browser's benign reports (no error object, a known message). */
export function isBenignError(event: Pick<ErrorEvent, 'message' | 'error'>): boolean {
  return !event.error && BENIGN.some((pattern) => pattern.test(event.message ?? ''));
}

/** Logs what reaches the window unhandled, but the benign reports. */
export function logGlobalErrors(target: Window, log: (message: string, detail: unknown) => void = console.error): void {
  target.addEventListener('unhandledrejection', (event) => log('Unhandled rejection', event.reason));
  target.addEventListener('error', (event) => {
    if (isBenignError(event)) return;
    log('Uncaught error', event.error ?? event.message);
  });
}
