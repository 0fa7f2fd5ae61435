import { Column, type EntityTarget } from 'typeorm';
import { CANCELLED, type ExternalBookingInput, type PullResult, type SourceKind } from './external-booking.types';

/**
 * The skeleton every booking source shares (docs/architecture.md "Booking sources"): the sync state each source's
 * row keeps, the back-off, the outcome of one sync. A source kind (iCal feeds, Beds24, …) is a BookingSource
 * adapter: it loads its row, fetches and maps to the store's input; BookingSourceSync does the rest.
 */

/**
 * The sync state every source's own table keeps, as one TypeORM embedded entity: a source's entity holds it as
 * `@Column(() => SyncState, { prefix: false }) sync: SyncState`, so the columns keep their names (`last_synced`,
 * `next_sync_at`, …) in every table and the skeleton reads and writes them alike. It lives in this public file
 * rather than in an *.entity.ts because the source kinds' entities embed the class itself (.dependency-cruiser.cjs
 * lets another domain import an entity only as a type).
 */
export class SyncState {
  /** Last successful sync (the source answered, changed or not); null until the first. */
  @Column({ type: 'timestamptz', nullable: true })
  lastSynced: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  /** lastError's message code, for clients that translate it. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  lastErrorCode: string | null;

  @Column({ type: 'int', default: 0 })
  consecutiveFailures: number;

  /** Bookings of the source in the store, as counted after its last pull. */
  @Column({ type: 'int', default: 0 })
  eventCount: number;

  /** Complete pulls in a row that held no future booking while future ones were stored (ExternalPull.emptyPullsBefore). */
  @Column({ type: 'int', default: 0 })
  emptyPulls: number;

  @Column({ type: 'timestamptz' })
  nextSyncAt: Date;

  /** When the owner (and for Beds24 the admins) were told the source keeps failing; cleared with the next success (and told). */
  @Column({ type: 'timestamptz', nullable: true })
  failingNotifiedAt: Date | null;
}

/** A source's row as the skeleton sees it: its id, who added it, its property and its sync state. */
export interface SourceSyncState {
  id: number;
  userId: number;
  propertyId: number;
  sync: SyncState;
}

/** Columns a sync writes on a source's row: its own (`Partial<S>`), and any of its sync state. */
export type SourcePatch<S extends SourceSyncState> = Omit<Partial<S>, 'sync'> & { sync?: Partial<SyncState> };

/** A failed sync, as recorded on the source: a text, its message code and parameters. */
export interface SyncFailure {
  message: string;
  code: string;
  params?: Record<string, string | number>;
}

/** What an adapter's fetch found. */
export type SourceFetch<S extends SourceSyncState> =
  /** The source could not be read; nothing reaches the store. `recorded`: the adapter already wrote its own state (no back-off). */
  | { status: 'failed'; error: SyncFailure; recorded?: boolean }
  /** The source answered and nothing needs storing (a 304, an identical pull): only the sync state (and `patch`) is written. */
  | { status: 'unchanged'; patch?: SourcePatch<S> }
  /**
   * A pull for the store. `complete`: the source's whole window was read without losing anything, but for the
   * bookings whose keys are in `unreadUids` (events the source sent but could not be read). `finish` gives
   * the source's own columns to write with the sync state, in the pull's last transaction. `warning` is passed on
   * in the result (a source that keeps its warnings writes them in `finish`).
   */
  | { status: 'pulled'; complete: boolean; unreadUids?: string[]; bookings: ExternalBookingInput[]; finish?: (result: PullResult) => SourcePatch<S>; warning?: string };

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
export type SourceSyncResult<S extends SourceSyncState> =
  | { status: 'skipped'; skipped: 'busy' | 'disabled' | 'missing' | 'not-due' }
  | { status: 'failed'; source: S; error: SyncFailure }
  | { status: 'unchanged'; source: S }
  | { status: 'updated'; source: S; counts: PullCounts; pull: PullResult; warning?: string };

export type SyncStatus = 'updated' | 'unchanged' | 'failed' | 'skipped';

/** Why a sync did not fetch: the source is off (or gone), another sync of it runs, (the scheduler's) it is no longer due, or it waits for new credentials. */
export type SyncSkip = 'disabled' | 'busy' | 'not-due' | 'needs-credentials';

/**
 * What one sync of one source answers, the same for every source kind (an iCal feed's or a Beds24 configuration's
 * 'sync now', a forced refresh, the scheduler): SourceSyncResult told without the source's row. Each kind's API
 * answer is made from it (feeds' SyncResponse, Beds24's Beds24SyncResponse).
 */
export interface SourceSyncOutcome {
  sourceId: number;
  status: SyncStatus;
  /** The bookings the sync found: an updated pull's (cancellations included), else the source's stored count. */
  syncedCount: number;
  /** Bookings the pull added, changed and removed, past ones included (PullCounts addedAll, changedAll, removed); 0 unless updated. */
  created: number;
  updated: number;
  deleted: number;
  error?: string;
  /** The error's message code and parameters, for the reader's language. */
  errorCode?: string;
  errorParams?: Record<string, string | number>;
  skipped?: SyncSkip;
  /** Set when a pull was partial or a removal was held back. */
  warning?: string;
  warningCode?: string;
  warningParams?: Record<string, string | number>;
}

/** The counts of a sync that changed no booking. */
export const NO_CHANGES = { created: 0, updated: 0, deleted: 0 } as const;

/** A SourceSyncResult as its outcome; `stored` is the source's stored count (a source gone is told as disabled). */
export function outcomeOf<S extends SourceSyncState>(sourceId: number, result: SourceSyncResult<S>, stored: number): SourceSyncOutcome {
  if (result.status === 'skipped') return { sourceId, status: 'skipped', skipped: result.skipped === 'missing' ? 'disabled' : result.skipped, syncedCount: stored, ...NO_CHANGES };
  if (result.status === 'failed') {
    const { message, code, params } = result.error;
    return { sourceId, status: 'failed', syncedCount: stored, ...NO_CHANGES, error: message, errorCode: code, ...(params ? { errorParams: params } : {}) };
  }
  if (result.status === 'unchanged') return { sourceId, status: 'unchanged', syncedCount: stored, ...NO_CHANGES };
  const { addedAll, changedAll, removed, pulled } = result.counts;
  return { sourceId, status: 'updated', syncedCount: pulled, created: addedAll, updated: changedAll, deleted: removed, ...(result.warning ? { warning: result.warning } : {}) };
}

/**
 * A source kind as the skeleton sees it. An adapter is an injectable of its own module; it owns its table and its
 * outside calls, and nothing else.
 */
export interface BookingSource<S extends SourceSyncState> {
  readonly kind: SourceKind;
  /** The entity of the source's table, which embeds SyncState as `sync`. */
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
  readonly onSuccessPatch?: SourcePatch<S>;
  /** After a success is written (e.g. a 'recovered' event). */
  afterSuccess?(source: S): Promise<void>;
  /** Columns written with a failure besides the sync state, and what to do once written (e.g. a 'failing' event). */
  onFailure?(source: S, now: Date, error: SyncFailure): { patch?: SourcePatch<S>; after?: () => Promise<void> };
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
