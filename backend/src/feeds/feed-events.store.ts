import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { DateRange } from '../common/time/date-range';
import type { ImportedEvent } from './import/parse-feed';
import { wallTimeToUtc } from '../common/time/timezones';

/** One stored imported event, as read back for the calendar and the subscription feed. */
export interface StoredFeedEvent {
  id: string;
  feedId: number;
  feedName: string;
  feedColor: string;
  userId: number;
  uid: string;
  recurrenceId: string;
  startTime: Date;
  endsAt: Date;
  allDay: boolean;
  startDate: string | null;
  endDate: string | null;
  summary: string;
  description: string | null;
  location: string | null;
  status: string;
  kind: string;
  sequence: number;
  /** Changes we saw to this booking; added to the source's SEQUENCE in the subscription feed. */
  revision: number;
  updatedAt: Date;
}

const dayToUtc = (day: string, zone: string) => {
  const [year, month, d] = day.split('-').map(Number);
  return new Date(wallTimeToUtc({ year, month, day: d, hour: 0, minute: 0, second: 0 }, zone));
};

/** When a parsed event ends, as stored in ends_at: an all-day event ends at midnight of its check-out day in `zone`. */
export function eventEndsAt(e: ImportedEvent, zone: string): Date {
  return e.allDay ? dayToUtc(e.end, zone) : new Date(e.end);
}

/** Whether an upsert changes anything a calendar shows of the stored booking. */
const SHOWN_FIELDS_CHANGED = `(ical_feed_events.start_time, ical_feed_events.ends_at, ical_feed_events.summary, ical_feed_events.description, ical_feed_events.location, ical_feed_events.status, ical_feed_events.sequence)
  IS DISTINCT FROM (EXCLUDED.start_time, EXCLUDED.ends_at, EXCLUDED.summary, EXCLUDED.description, EXCLUDED.location, EXCLUDED.status, EXCLUDED.sequence)`;

/**
 * Upserts a parse of one feed in one statement (unnest arrays), by (feed, UID, recurrence id). updated_at moves only
 * when what a calendar shows changed, so the subscription feed's validators stay put on an identical re-sync;
 * revision counts those changes (the subscription feed's SEQUENCE).
 * Exported with its parameters for the feed-sync benchmark's bare baseline, which must send the same statement.
 */
export const UPSERT_FEED_EVENTS = `INSERT INTO ical_feed_events (feed_id, user_id, sync_generation, uid, recurrence_id, start_time, ends_at, all_day, start_date, end_date, summary, description, location, status, kind, sequence)
  SELECT $1, $2, $3, * FROM unnest($4::varchar[], $5::varchar[], $6::timestamptz[], $7::timestamptz[], $8::boolean[], $9::date[], $10::date[], $11::text[], $12::text[], $13::text[], $14::varchar[], $15::varchar[], $16::int[])
  ON CONFLICT (feed_id, uid, recurrence_id) DO UPDATE SET
    sync_generation = EXCLUDED.sync_generation, user_id = EXCLUDED.user_id,
    start_time = EXCLUDED.start_time, ends_at = EXCLUDED.ends_at, all_day = EXCLUDED.all_day,
    start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, summary = EXCLUDED.summary,
    description = EXCLUDED.description, location = EXCLUDED.location, status = EXCLUDED.status,
    kind = EXCLUDED.kind, sequence = EXCLUDED.sequence,
    updated_at = CASE WHEN ${SHOWN_FIELDS_CHANGED} THEN now() ELSE ical_feed_events.updated_at END,
    revision = ical_feed_events.revision + CASE WHEN ${SHOWN_FIELDS_CHANGED} THEN 1 ELSE 0 END`;

/** UPSERT_FEED_EVENTS's parameters: one array per column; all-day events start and end at midnight in `zone`. */
export function upsertParams(feedId: number, userId: number, generation: number, events: ImportedEvent[], zone: string): unknown[] {
  const cols = { uid: [] as string[], rid: [] as string[], start: [] as Date[], end: [] as Date[], allDay: [] as boolean[], startDate: [] as (string | null)[], endDate: [] as (string | null)[], summary: [] as string[], description: [] as (string | null)[], location: [] as (string | null)[], status: [] as string[], kind: [] as string[], sequence: [] as number[] };
  for (const e of events) {
    cols.uid.push(e.uid);
    cols.rid.push(e.recurrenceId ?? '');
    const start = e.allDay ? dayToUtc(e.start, zone) : new Date(e.start);
    const end = eventEndsAt(e, zone);
    cols.start.push(start);
    cols.end.push(end < start ? start : end);
    cols.allDay.push(e.allDay);
    cols.startDate.push(e.allDay ? e.start : null);
    cols.endDate.push(e.allDay ? e.end : null);
    cols.summary.push(e.summary);
    cols.description.push(e.description);
    cols.location.push(e.location);
    cols.status.push(e.status);
    cols.kind.push(e.kind);
    cols.sequence.push(e.sequence);
  }
  return [feedId, userId, generation, cols.uid, cols.rid, cols.start, cols.end, cols.allDay, cols.startDate, cols.endDate, cols.summary, cols.description, cols.location, cols.status, cols.kind, cols.sequence];
}

/**
 * Raw SQL for ical_feed_events: a sync writes a whole feed in two statements (UPSERT_FEED_EVENTS, then removal of
 * future events the parse no longer saw), and calendar reads use the GiST range index.
 */
@Injectable()
export class FeedEventsStore {
  constructor(private readonly db: DataSource) {}

  /**
   * Writes a parse of the feed within the caller's transaction. Rows are upserted by (feed, UID, recurrence id) and
   * only touched when something changed. Rows the parse did not see are deleted only when `removeMissingAfter` is
   * given (the caller decides the parse was complete and trustworthy), and then only those ending after that
   * instant: Airbnb drops past stays from its feed, and a host's past bookings must not vanish with them.
   */
  async replace(
    tx: EntityManager,
    feedId: number,
    userId: number,
    generation: number,
    events: ImportedEvent[],
    zone: string,
    removeMissingAfter: Date | null,
  ): Promise<void> {
    if (events.length > 0) await tx.query(UPSERT_FEED_EVENTS, upsertParams(feedId, userId, generation, events, zone));
    if (removeMissingAfter) {
      await tx.query('DELETE FROM ical_feed_events WHERE feed_id = $1 AND sync_generation <> $2 AND ends_at > $3', [feedId, generation, removeMissingAfter]);
    }
  }

  /** Stored events of the feed that end after `now`. */
  async countFuture(tx: EntityManager, feedId: number, now: Date): Promise<number> {
    const [row] = await tx.query('SELECT count(*)::int AS n FROM ical_feed_events WHERE feed_id = $1 AND ends_at > $2', [feedId, now]);
    return row.n;
  }

  /** A user's imported events overlapping the range, from enabled feeds only. */
  async listForUser(userId: number, range: DateRange): Promise<StoredFeedEvent[]> {
    const rows = await this.db.query(
      `${SELECT} WHERE e.user_id = $1 AND f.enabled AND tstzrange(e.start_time, e.ends_at, '[]') && tstzrange($2, $3, '[)')
       ORDER BY e.start_time, e.id`,
      [userId, range.start, range.end],
    );
    return rows.map(toStored);
  }

  async countForFeed(feedId: number, tx: EntityManager = this.db.manager): Promise<number> {
    const [row] = await tx.query('SELECT count(*)::int AS n FROM ical_feed_events WHERE feed_id = $1', [feedId]);
    return row.n;
  }
}

const SELECT = `
  SELECT e.id, left(md5(e.uid || '|' || e.recurrence_id), 16) AS uid_key, e.feed_id, f.name AS feed_name, f.color AS feed_color, e.user_id, e.uid, e.recurrence_id, e.start_time, e.ends_at,
         e.all_day, e.start_date, e.end_date, e.summary, e.description, e.location, e.status, e.kind, e.sequence, e.revision, e.updated_at
  FROM ical_feed_events e JOIN ical_feeds f ON f.id = e.feed_id`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw SQL row (TypeORM's query() answers any)
function toStored(r: any): StoredFeedEvent {
  return {
    // From the feed and the booking's UID, not the row: a personal note (keyed by this id) stays with a booking
    // that leaves the feed and comes back, and an id never points at another booking after a re-import.
    id: `ical-${r.feed_id}-${r.uid_key}`,
    feedId: r.feed_id,
    feedName: r.feed_name,
    feedColor: r.feed_color,
    userId: r.user_id,
    uid: r.uid,
    recurrenceId: r.recurrence_id,
    startTime: r.start_time,
    endsAt: r.ends_at,
    allDay: r.all_day,
    startDate: r.start_date,
    endDate: r.end_date,
    summary: r.summary,
    description: r.description,
    location: r.location,
    status: r.status,
    kind: r.kind,
    sequence: r.sequence,
    revision: r.revision,
    updatedAt: r.updated_at,
  };
}
