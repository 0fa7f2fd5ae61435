/**
 * The calendar's last known windows, kept in this browser across visits (docs/architecture.md, Calendar reads): a
 * repeat visit paints the calendar with them at once and then revalidates (their ETag makes that a 304 when nothing
 * changed), and offline it shows them with a note. Only the own calendar's windows, only for the user who read them,
 * at most KEPT_WINDOWS of them; logout forgets them, and a new build's startup clears them (app/storage.ts).
 */
export const KEPT_WINDOWS_KEY = 'keptCalendarWindows';
const KEPT_WINDOWS = 6;

interface Kept<T> {
  userId: number;
  /** By range ('start|end'), oldest first. */
  windows: [string, T][];
}

const rangeKey = (range: { startDate: string; endDate: string }) => `${range.startDate}|${range.endDate}`;

function read<T>(storage: Storage | null, userId: number): Kept<T> | null {
  try {
    const kept = JSON.parse(storage?.getItem(KEPT_WINDOWS_KEY) ?? 'null') as Kept<T> | null;
    return kept && kept.userId === userId && Array.isArray(kept.windows) ? kept : null;
  } catch {
    return null;
  }
}

const localStore = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The window this user last read for this range, if this browser kept it. */
export function keptWindow<T>(userId: number, range: { startDate: string; endDate: string }, storage = localStore()): T | undefined {
  return read<T>(storage, userId)?.windows.find(([key]) => key === rangeKey(range))?.[1];
}

/** Keeps a window this user read (another user's kept windows are dropped). Storage that refuses keeps nothing. */
export function keepWindow<T>(userId: number, range: { startDate: string; endDate: string }, window: T, storage = localStore()): void {
  const key = rangeKey(range);
  const windows = (read<T>(storage, userId)?.windows ?? []).filter(([k]) => k !== key);
  windows.push([key, window]);
  try {
    storage?.setItem(KEPT_WINDOWS_KEY, JSON.stringify({ userId, windows: windows.slice(-KEPT_WINDOWS) } satisfies Kept<T>));
  } catch {
    // Full or blocked storage: the calendar is read from the server as before.
  }
}

/** At logout: nothing of this user's calendar stays in the browser. */
export function forgetKeptWindows(storage = localStore()): void {
  try {
    storage?.removeItem(KEPT_WINDOWS_KEY);
  } catch {
    // Blocked storage kept nothing.
  }
}
