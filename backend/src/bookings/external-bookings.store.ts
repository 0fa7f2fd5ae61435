import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { DateRange } from '../common/time/date-range';
import { handOverToHeirSql, memberPropertySql } from '../properties/properties.types';
import { EXTERNAL_BOOKING_COLOR } from './external-booking.dto';
import {
  type BookingSource, type ExternalBooking, type ExternalBookingInput, externalBookingsJsonSql, IS_VISIBLE, parseExternalBookingId, SHADOWED_BY_CHANNEL, type SourceKind, STAY_ALSO_FROM,
  VISIBLE_EXTERNAL_BOOKINGS,
} from './external-booking.types';

/** listForPropertyJson: the same list as ExternalBookingResponse JSON, built by the database ($4 is the colour shown). */
const LIST_FOR_PROPERTY_JSON_SQL = `SELECT ${externalBookingsJsonSql({ propertyId: '$1', start: '$2', end: '$3', color: '$4' })}::text AS json`;

/**
 * The same list of the property a member reads ($5 the person; $6 the property named, else their first), with its id,
 * in one statement, as the calendar window reads its own (docs/product/properties.md#who-may-do-what); the id is null
 * when the person is no member of it, and PropertyAccess decides.
 */
const memberListJsonSql = (named: boolean) => `SELECT prop.id AS property_id,
    ${externalBookingsJsonSql({ propertyId: 'prop.id', start: '$1', end: '$2', color: '$3' })}::text AS json
  FROM (SELECT ${memberPropertySql('$4', named ? '$5' : null)} AS id) prop`;
const MEMBER_LIST_JSON_SQL = { first: memberListJsonSql(false), named: memberListJsonSql(true) };

/** Whether an upsert changes anything a calendar shows of the stored booking. */
const SHOWN_FIELDS_CHANGED = `(external_bookings.start_time, external_bookings.ends_at, external_bookings.summary, external_bookings.description, external_bookings.location, external_bookings.status, external_bookings.sequence)
  IS DISTINCT FROM (EXCLUDED.start_time, EXCLUDED.ends_at, EXCLUDED.summary, EXCLUDED.description, EXCLUDED.location, EXCLUDED.status, EXCLUDED.sequence)`;

/**
 * Upserts a pull's bookings in one statement (unnest arrays), by (source kind, source id, UID, recurrence id).
 * updated_at moves only when what a calendar shows changed, so the subscription feed's validators stay put on an
 * identical re-sync; revision counts those changes (the subscription feed's SEQUENCE).
 * Exported with its parameters for the feed-sync benchmark's bare baseline, which must send the same statement.
 */
export const UPSERT_EXTERNAL_BOOKINGS = `INSERT INTO external_bookings (source_kind, source_id, user_id, sync_generation, property_id, external_uid, recurrence_id, start_time, ends_at, all_day, start_date, end_date, summary, description, location, status, kind, sequence)
  SELECT $1, $2, $3, $4, $18, * FROM unnest($5::varchar[], $6::varchar[], $7::timestamptz[], $8::timestamptz[], $9::boolean[], $10::date[], $11::date[], $12::text[], $13::text[], $14::text[], $15::varchar[], $16::varchar[], $17::int[])
  ON CONFLICT (source_kind, source_id, external_uid, recurrence_id) DO UPDATE SET
    sync_generation = EXCLUDED.sync_generation, user_id = EXCLUDED.user_id, property_id = EXCLUDED.property_id,
    start_time = EXCLUDED.start_time, ends_at = EXCLUDED.ends_at, all_day = EXCLUDED.all_day,
    start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, summary = EXCLUDED.summary,
    description = EXCLUDED.description, location = EXCLUDED.location, status = EXCLUDED.status,
    kind = EXCLUDED.kind, sequence = EXCLUDED.sequence,
    updated_at = CASE WHEN ${SHOWN_FIELDS_CHANGED} THEN now() ELSE external_bookings.updated_at END,
    revision = external_bookings.revision + CASE WHEN ${SHOWN_FIELDS_CHANGED} THEN 1 ELSE 0 END`;

/**
 * The same upsert, answering how many future bookings (ending after $18) it added and how many it changed in what a
 * calendar shows (updated_at moved to this transaction's now()), and the earliest start among those (where a
 * notification about them should open the calendar), $19 being now; xmax = 0 marks a row the statement inserted.
 */
const UPSERT_COUNTING_FUTURE = `WITH up AS (${UPSERT_EXTERNAL_BOOKINGS}
  RETURNING (xmax = 0) AS inserted, updated_at = now() AS touched, start_time, ends_at)
  SELECT count(*) FILTER (WHERE inserted AND ends_at > $19)::int AS added,
         count(*) FILTER (WHERE NOT inserted AND touched AND ends_at > $19)::int AS changed,
         count(*) FILTER (WHERE inserted)::int AS added_all, count(*) FILTER (WHERE NOT inserted AND touched)::int AS changed_all,
         min(start_time) FILTER (WHERE (inserted OR touched) AND ends_at > $19) AS first_start FROM up`;

/** UPSERT_EXTERNAL_BOOKINGS's parameters: one array per column. */
export function upsertParams(source: BookingSource, generation: number, bookings: ExternalBookingInput[]): unknown[] {
  const cols = { uid: [] as string[], rid: [] as string[], start: [] as Date[], end: [] as Date[], allDay: [] as boolean[], startDate: [] as (string | null)[], endDate: [] as (string | null)[], summary: [] as string[], description: [] as (string | null)[], location: [] as (string | null)[], status: [] as string[], kind: [] as string[], sequence: [] as number[] };
  for (const b of bookings) {
    cols.uid.push(b.externalUid);
    cols.rid.push(b.recurrenceId ?? '');
    cols.start.push(b.startTime);
    cols.end.push(b.endsAt < b.startTime ? b.startTime : b.endsAt);
    cols.allDay.push(b.allDay);
    cols.startDate.push(b.startDate);
    cols.endDate.push(b.endDate);
    cols.summary.push(b.summary);
    cols.description.push(b.description);
    cols.location.push(b.location);
    cols.status.push(b.status);
    cols.kind.push(b.kind);
    cols.sequence.push(b.sequence);
  }
  return [source.kind, source.id, source.userId, generation, cols.uid, cols.rid, cols.start, cols.end, cols.allDay, cols.startDate, cols.endDate, cols.summary, cols.description, cols.location, cols.status, cols.kind, cols.sequence, source.propertyId];
}

export interface UpsertCounts {
  added: number;
  changed: number;
  addedAll: number;
  changedAll: number;
  /** The earliest start among the future bookings added or changed (null when there are none). */
  firstStart: Date | null;
}

const SELECT = `
  SELECT b.id, b.source_kind, b.source_id, s.name AS source_name, s.color AS source_color, left(md5(b.external_uid || '|' || b.recurrence_id), 16) AS uid_key,
         b.user_id, b.property_id, b.external_uid, b.recurrence_id, b.start_time, b.ends_at, b.all_day, b.start_date, b.end_date, b.summary,
         b.description, b.location, b.status, b.kind, b.sequence, b.revision, b.updated_at, ${STAY_ALSO_FROM} AS also_from
  FROM ${VISIBLE_EXTERNAL_BOOKINGS}`;

/**
 * Raw SQL for external_bookings: a pull writes a whole source in a few statements, and calendar reads use the GiST
 * (property, time range) index. The rules deciding what a pull may remove live in ExternalBookingsService.
 */
@Injectable()
export class ExternalBookingsStore {
  constructor(private readonly db: DataSource) {}

  /** A generation no pull has used: rows a complete pull did not touch keep an older one. */
  async nextGeneration(tx: EntityManager): Promise<number> {
    const [row] = await tx.query(`SELECT nextval('external_bookings_pull_seq')::int AS g`);
    return row.g;
  }

  /**
   * Upserts; answers how many bookings ending after `now` were added, and how many changed in what is shown, and the
   * same counts over every booking of the pull, past ones included (`addedAll`, `changedAll`).
   */
  async upsert(tx: EntityManager, source: BookingSource, generation: number, bookings: ExternalBookingInput[], now: Date): Promise<UpsertCounts> {
    if (bookings.length === 0) return { added: 0, changed: 0, addedAll: 0, changedAll: 0, firstStart: null };
    const [row] = await tx.query(UPSERT_COUNTING_FUTURE, [...upsertParams(source, generation, bookings), now]);
    return { added: row.added, changed: row.changed, addedAll: row.added_all, changedAll: row.changed_all, firstStart: row.first_start === null ? null : new Date(row.first_start) };
  }

  /** Removes the given bookings of the source (explicit cancellations); answers how many were stored, and of those how many end after `now`. */
  async removeByKey(tx: EntityManager, source: BookingSource, keys: { externalUid: string; recurrenceId?: string }[], now: Date): Promise<{ removed: number; future: number }> {
    if (keys.length === 0) return { removed: 0, future: 0 };
    const [row] = await tx.query(
      `WITH gone AS (DELETE FROM external_bookings WHERE source_kind = $1 AND source_id = $2
         AND (external_uid, recurrence_id) IN (SELECT * FROM unnest($3::varchar[], $4::varchar[])) RETURNING ends_at)
       SELECT count(*)::int AS n, count(*) FILTER (WHERE ends_at > $5)::int AS future FROM gone`,
      [source.kind, source.id, keys.map((k) => k.externalUid), keys.map((k) => k.recurrenceId ?? ''), now],
    );
    return { removed: row.n, future: row.future };
  }

  /** Removes the source's bookings the pull of `generation` did not see, of those ending after `after`, but those keyed by a UID in `keep`. */
  async removeUnseen(tx: EntityManager, source: BookingSource, generation: number, after: Date, keep: string[] = []): Promise<number> {
    const [row] = await tx.query(
      `WITH gone AS (DELETE FROM external_bookings WHERE source_kind = $1 AND source_id = $2 AND sync_generation <> $3 AND ends_at > $4
         AND NOT (external_uid = ANY($5::varchar[])) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [source.kind, source.id, generation, after, keep],
    );
    return row.n;
  }

  /** Stored bookings of the source ending after `after` that the pull of `generation` did not see, but those keyed by a UID in `keep`. */
  async countUnseenAfter(tx: EntityManager, source: BookingSource, generation: number, after: Date, keep: string[] = []): Promise<number> {
    const [row] = await tx.query(
      `SELECT count(*)::int AS n FROM external_bookings WHERE source_kind = $1 AND source_id = $2 AND sync_generation <> $3 AND ends_at > $4
         AND NOT (external_uid = ANY($5::varchar[]))`,
      [source.kind, source.id, generation, after, keep],
    );
    return row.n;
  }

  async countForSource(kind: SourceKind, id: number, tx: EntityManager = this.db.manager): Promise<number> {
    const [row] = await tx.query('SELECT count(*)::int AS n FROM external_bookings WHERE source_kind = $1 AND source_id = $2', [kind, id]);
    return row.n;
  }

  /** A leaving person's bookings in properties others share pass to another member (handOverToHeirSql). */
  async handOver(tx: EntityManager, userId: number): Promise<void> {
    await tx.query(handOverToHeirSql('external_bookings'), [userId]);
  }

  /** Every booking of the given sources goes (the sources themselves were removed). */
  async removeSources(tx: EntityManager, kind: SourceKind, ids: number[]): Promise<void> {
    if (ids.length) await tx.query('DELETE FROM external_bookings WHERE source_kind = $1 AND source_id = ANY($2::int[])', [kind, ids]);
  }

  /** The property whose calendar holds the booking with this API id, or null when no stored booking has it. */
  async propertyOf(apiId: string): Promise<number | null> {
    const key = parseExternalBookingId(apiId);
    if (!key) return null;
    // The (source_kind, source_id, …) unique index narrows to the source; the UID key is checked on its few rows.
    const [row] = await this.db.query(
      `SELECT property_id FROM external_bookings WHERE source_kind = $1 AND source_id = $2 AND left(md5(external_uid || '|' || recurrence_id), 16) = $3 LIMIT 1`,
      [key.kind, key.sourceId, key.uidKey],
    );
    return row?.property_id == null ? null : Number(row.property_id);
  }

  /** A property's (or several properties') bookings overlapping the range, from sources that are not switched off. */
  listForProperty(properties: number | readonly number[], range: DateRange): Promise<ExternalBooking[]> {
    return this.listWhere('b.property_id', [properties].flat(), range);
  }

  /** The bookings of the sources a person added, overlapping the range, by the same rules as listForProperty. */
  listForPerson(userId: number, range: DateRange): Promise<ExternalBooking[]> {
    return this.listWhere('b.user_id', [userId], range);
  }

  private async listWhere(column: 'b.property_id' | 'b.user_id', ids: number[], range: DateRange): Promise<ExternalBooking[]> {
    // One id as a plain equality, so the (property, time range) GiST index answers it as an index scan.
    const match = ids.length === 1 ? `${column} = $1` : `${column} = ANY($1::int[])`;
    const rows = await this.db.query(
      `${SELECT} WHERE ${match} AND ${IS_VISIBLE} AND NOT ${SHADOWED_BY_CHANNEL} AND tstzrange(b.start_time, b.ends_at, '[]') && tstzrange($2, $3, '[)')
       ORDER BY b.start_time, b.id`,
      [ids.length === 1 ? ids[0] : ids, range.start, range.end],
    );
    return rows.map(toBooking);
  }

  /** listForProperty's bookings as ExternalBookingResponse[] JSON text, in the same order: no object per row. */
  async listForPropertyJson(propertyId: number, range: DateRange): Promise<string> {
    const [row] = await this.db.query(LIST_FOR_PROPERTY_JSON_SQL, [propertyId, range.start, range.end, EXTERNAL_BOOKING_COLOR]);
    return row.json;
  }

  /** listForPropertyJson of the property the member reads, with its id; null when the person is no member of it. */
  async memberListJson(userId: number, propertyId: number | undefined, range: DateRange): Promise<{ propertyId: number; json: string } | null> {
    const params = [range.start, range.end, EXTERNAL_BOOKING_COLOR, userId];
    const [row] = await this.db.query(propertyId === undefined ? MEMBER_LIST_JSON_SQL.first : MEMBER_LIST_JSON_SQL.named, propertyId === undefined ? params : [...params, propertyId]);
    return row?.property_id == null ? null : { propertyId: Number(row.property_id), json: row.json };
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw SQL row
function toBooking(r: any): ExternalBooking {
  return {
    // From the source and the booking's UID, not the row: a personal note (keyed by this id) stays with a booking
    // that leaves the source and comes back, and an id never points at another booking after a re-import.
    id: `${r.source_kind}-${r.source_id}-${r.uid_key}`,
    sourceKind: r.source_kind,
    sourceId: r.source_id,
    sourceName: r.source_name,
    sourceColor: r.source_color ?? null,
    userId: r.user_id,
    propertyId: r.property_id,
    externalUid: r.external_uid,
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
    alsoFrom: r.also_from ?? [],
  };
}
