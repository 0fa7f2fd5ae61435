/**
 * The moment the first calendar with its bookings is on screen, told by the calendar and heard by the app shell
 * (app/serviceWorker.ts starts the service worker's downloads then, so they never compete with the login and the
 * first calendar on a phone's line).
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let painted = false;

/** The calendar tells: its first window with bookings has painted. */
export function markFirstCalendarPainted(): void {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
}

/** Calls `listener` once the first calendar has painted (at once if it has); the returned function cancels that. */
export function onFirstCalendarPainted(listener: Listener): () => void {
  if (painted) listener();
  else listeners.add(listener);
  return () => listeners.delete(listener);
}
