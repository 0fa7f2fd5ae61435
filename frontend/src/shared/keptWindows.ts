/**
 * The calendar's last known windows, kept in this browser across visits (docs/architecture.md, Calendar reads): a
 * repeat visit paints the calendar with them at once and then revalidates (their ETag makes that a 304 when nothing
 * changed), and offline it shows them with a note. Only the own calendar's windows, only for the user who read them,
 * at most KEPT_WINDOWS of them. Beside them, the signed-in user's shell fields (no contact or account details), so
 * a reload offline can draw the shell around them (docs/architecture.md#offline-reload). Logout, a deleted account and
 * a session the server refuses forget both, and a new build's startup clears them (shared/storage.ts).
 */
import type { User } from '../api/types';

export const KEPT_WINDOWS_KEY = 'keptCalendarWindows';
export const KEPT_USER_KEY = 'keptSignedInUser';
/** The last calendar as drawn (features/calendar/calendarSnapshot.ts; frontend/boot/calendar-snapshot.js reads it). */
export const CALENDAR_SNAPSHOT_KEY = 'calendarSnapshot';
const KEPT_WINDOWS = 6;
/** The offline stand-in lasts at most this long after the server last confirmed it (docs/security.md#shared-devices). */
export const KEPT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The cookie the server keeps beside a signed-in session (backend/src/common/sessions/session-hint.ts). */
const SESSION_HINT = /(?:^|;\s*)session_hint=1(?:;|$)/;

/** Whether the server last said this browser holds a signed-in session (the hint cookie goes with the session). */
export function sessionHinted(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  return !!doc && SESSION_HINT.test(doc.cookie);
}

const fresh = (keptAt: unknown, now = Date.now()) => typeof keptAt === 'number' && now - keptAt <= KEPT_MAX_AGE_MS && keptAt <= now + 60_000;

interface Kept<T> {
  userId: number;
  /** By range ('start|end'), oldest first. */
  windows: [string, T][];
  /** How many feeds the user had at the last read: whether the calendar's first-use panel stands above the month. */
  feedCount?: number;
  /** When it was last written (ms): older than KEPT_MAX_AGE_MS, it is not used. */
  keptAt?: number;
}

const rangeKey = (range: { startDate: string; endDate: string }) => `${range.startDate}|${range.endDate}`;

function read<T>(storage: Storage | null, userId: number): Kept<T> | null {
  try {
    const kept = JSON.parse(storage?.getItem(KEPT_WINDOWS_KEY) ?? 'null') as Kept<T> | null;
    return kept && kept.userId === userId && Array.isArray(kept.windows) && fresh(kept.keptAt) ? kept : null;
  } catch {
    return null;
  }
}

/** This browser's local storage, or null where reading it throws (storage blocked). */
export const localStore = (): Storage | null => {
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

function write<T>(storage: Storage | null, kept: Kept<T>): void {
  try {
    storage?.setItem(KEPT_WINDOWS_KEY, JSON.stringify({ ...kept, keptAt: Date.now() }));
  } catch {
    // Full or blocked storage: the calendar is read from the server as before.
  }
}

/** Keeps a window this user read (another user's kept windows are dropped). Storage that refuses keeps nothing. */
export function keepWindow<T>(userId: number, range: { startDate: string; endDate: string }, window: T, storage = localStore()): void {
  const key = rangeKey(range);
  const kept = read<T>(storage, userId);
  const windows = (kept?.windows ?? []).filter(([k]) => k !== key);
  windows.push([key, window]);
  write<T>(storage, { userId, windows: windows.slice(-KEPT_WINDOWS), feedCount: kept?.feedCount });
}

/**
 * The number of feeds this user had when last read, if this browser kept it: a repeat visit draws the kept month
 * with or without the first-use panel above it from the start, instead of moving the month when the feeds come in.
 */
export function keptFeedCount(userId: number, storage = localStore()): number | undefined {
  const count = read(storage, userId)?.feedCount;
  return typeof count === 'number' ? count : undefined;
}

/** Keeps the number of feeds this user has, beside their kept windows (the URLs themselves are not kept). */
export function keepFeedCount(userId: number, feedCount: number, storage = localStore()): void {
  const kept = read(storage, userId);
  if (kept?.feedCount === feedCount) return;
  write(storage, { userId, windows: kept?.windows ?? [], feedCount });
}

/** What the shell needs to draw a signed-in page: who it is, and the role that decides the menu. */
const SHELL_FIELDS = ['id', 'username', 'name', 'email', 'isAdmin', 'isMiniAdmin', 'twoFactorEnabled'] as const;
type ShellFields = Pick<User, (typeof SHELL_FIELDS)[number]> & { keptAt?: number };

/** Keeps the shell fields of the user the server just confirmed. */
export function keepSignedInUser(user: User, storage = localStore()): void {
  const kept = { ...Object.fromEntries(SHELL_FIELDS.map((field) => [field, user[field]])), keptAt: Date.now() } as ShellFields;
  try {
    storage?.setItem(KEPT_USER_KEY, JSON.stringify(kept));
  } catch {
    // Full or blocked storage: a reload offline shows 'Ingen tilkobling', as before.
  }
}

/**
 * The last user the server confirmed in this browser, as a User whose other fields are empty (null or false), or
 * null when none is kept or what is kept is not such a user.
 */
export function keptSignedInUser(storage = localStore()): User | null {
  let kept: Partial<ShellFields> | null;
  try {
    kept = JSON.parse(storage?.getItem(KEPT_USER_KEY) ?? 'null') as Partial<ShellFields> | null;
  } catch {
    return null;
  }
  if (!kept || typeof kept.id !== 'number' || typeof kept.name !== 'string' || typeof kept.email !== 'string') return null;
  if (!fresh(kept.keptAt)) return null;
  return {
    id: kept.id,
    username: String(kept.username ?? ''),
    name: kept.name,
    email: kept.email,
    isAdmin: kept.isAdmin === true,
    isMiniAdmin: kept.isMiniAdmin === true,
    twoFactorEnabled: kept.twoFactorEnabled === true,
    isBlocked: false,
    accountNumber: null,
    phoneNumber: null,
    adminInfo: null,
    adminInfoUpdatedAt: null,
    blockedAt: null,
    blockReason: null,
    createdAt: new Date(0).toISOString(),
    lastLoginAt: null,
  };
}

/** At logout (and whenever the session is gone): nothing of this user's calendar or of who they are stays in the browser. */
export function forgetKeptCalendar(storage = localStore()): void {
  try {
    storage?.removeItem(KEPT_WINDOWS_KEY);
    storage?.removeItem(KEPT_USER_KEY);
    storage?.removeItem(CALENDAR_SNAPSHOT_KEY);
  } catch {
    // Blocked storage kept nothing.
  }
}
