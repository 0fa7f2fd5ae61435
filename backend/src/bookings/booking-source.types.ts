import type { EntityTarget } from 'typeorm';
import { CANCELLED, type ExternalBookingInput, type PullResult, type SourceKind } from './external-booking.types';

/**
 * The skeleton every booking source shares (docs/architecture.md "Booking sources"): the sync state each source's
 * row keeps, the back-off, the outcome of one sync. A source kind (iCal feeds, Beds24, …) is a BookingSource
 * adapter: it loads its row, fetches and maps to the store's input; BookingSourceSync does the rest.
 */

/** The sync state columns every source's own table has (same property names, so the skeleton writes them). */
export interface SourceSyncState {
  id: number;
  userId: number;
  /** Last successful sync (the source answered, changed or not); null until the first. */
  lastSynced: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  lastErrorCode: string | null;
  consecutiveFailures: number;
  /** Bookings of the source in the store, as counted after its last pull. */
  eventCount: number;
  /** Complete pulls in a row that held no future booking while future ones were stored (ExternalPull.emptyPullsBefore). */
  emptyPulls: number;
  nextSyncAt: Date;
}

/** A failed sync, as recorded on the source: a text, its message code and parameters. */
export interface SyncFailure {
  message: string;
  code: string;
  params?: Record<string, string | number>;
}

/** What an adapter's fetch found. */
export type SourceFetch<S> =
  /** The source could not be read; nothing reaches the store. `recorded`: the adapter already wrote its own state (no back-off). */
  | { status: 'failed'; error: SyncFailure; recorded?: boolean }
  /** The source answered and nothing needs storing (a 304, an identical pull): only the sync state (and `patch`) is written. */
  | { status: 'unchanged'; patch?: Partial<S> }
  /**
   * A pull for the store. `complete`: the source's whole window was read without losing anything, but for the
   * bookings whose keys are in `unreadUids` (events the source sent but could not be read). `finish` gives
   * the source's own columns to write with the sync state, in the pull's last transaction. `warning` is passed on
   * in the result (a source that keeps its warnings writes them in `finish`).
   */
  | { status: 'pulled'; complete: boolean; unreadUids?: string[]; bookings: ExternalBookingInput[]; finish?: (result: PullResult) => Partial<S>; warning?: string };

/** What one pull did to the store: the counts a sync answers with. */
export interface PullCounts {
  /** Future bookings added, changed in what is shown, and removed (cancelled or vanished): as in 'bookings.pulled'. */
  added: number;
  changed: number;
  cancelled: number;
  /** The same over every booking of the pull, past ones included. */
  addedAll: number;
  changedAll: number;
  removed: number;
  /** Bookings the pull held (cancellations not counted), and with its cancellations. */
  stored: number;
  pulled: number;
}

export const NO_COUNTS: PullCounts = { added: 0, changed: 0, cancelled: 0, addedAll: 0, changedAll: 0, removed: 0, stored: 0, pulled: 0 };

/** The outcome of one sync of one source; `source` is its row as the sync left it. */
export type SourceSyncResult<S> =
  | { status: 'skipped'; skipped: 'busy' | 'disabled' | 'missing' | 'not-due' }
  | { status: 'failed'; source: S; error: SyncFailure }
  | { status: 'unchanged'; source: S }
  | { status: 'updated'; source: S; counts: PullCounts; pull: PullResult; warning?: string };

/**
 * A source kind as the skeleton sees it. An adapter is an injectable of its own module; it owns its table and its
 * outside calls, and nothing else.
 */
export interface BookingSource<S extends SourceSyncState> {
  readonly kind: SourceKind;
  /** The entity of the source's table, which has the SourceSyncState columns. */
  readonly entity: EntityTarget<S>;
  /** The advisory lock (DatabasePort.tryLock's first key) that keeps two syncs of one source apart. */
  readonly lockKey: number;
  /** Minutes between successful syncs; the back-off starts from it. */
  syncMinutes(): number;
  load(id: number): Promise<S | null>;
  /** What the owner's notifications call the source. */
  name(source: S): string;
  /** Whether a sync may run: a source switched off is synced only when forced. */
  enabled(source: S): boolean;
  /** Reads the source and maps it to the store's input; throws only on the unexpected (recorded as `internalError`). */
  fetch(source: S, now: Date, force: boolean): Promise<SourceFetch<S>>;
  /** Recorded for an unexpected error (a bug, the database): the stored bookings stay as they were. */
  readonly internalError: SyncFailure;
  /** Columns cleared or set with every success besides the sync state (e.g. an error's parameters). */
  readonly onSuccessPatch?: Partial<S>;
  /** After a success is written (e.g. a 'recovered' event). */
  afterSuccess?(source: S): Promise<void>;
  /** Columns written with a failure besides the sync state, and what to do once written (e.g. a 'failing' event). */
  onFailure?(source: S, now: Date, error: SyncFailure): { patch?: Partial<S>; after?: () => Promise<void> };
}

/** The longest a failing source waits: a day. */
export const MAX_BACKOFF_MINUTES = 24 * 60;

/** A failing source backs off exponentially (interval, 2×, 4× … at most a day), so it costs little. */
export function nextSyncAfterFailure(now: Date, intervalMinutes: number, failures: number): Date {
  const minutes = Math.min(intervalMinutes * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MINUTES);
  return new Date(now.getTime() + minutes * 60_000);
}

/**
 * The day a 'bookings.pulled' notification opens (docs/architecture.md "Booking sources"): the earliest start among
 * the future bookings the pull added or changed; for a pull that only removed, the first booking of the pull still
 * ahead. Cancelled stays never count: a cancellation is not a stay the owner can open.
 */
export function firstStartOf(pull: PullResult, bookings: ExternalBookingInput[], now: Date): Date | null {
  if (pull.firstChangedStart) return pull.firstChangedStart;
  let first: Date | null = null;
  for (const b of bookings) if (b.endsAt > now && b.status !== CANCELLED && (!first || b.startTime < first)) first = b.startTime;
  return first;
}
