import { isoDateSql, isoTimestampSql, jsonArraySql } from '../common/time/iso-sql';

/** The outside systems whose bookings the store holds. */
export type SourceKind = 'ical' | 'beds24';

/** What a booking's source is called when the source has no name of its own. */
export const SOURCE_KIND_NAMES: Record<SourceKind, string> = { ical: 'iCal', beds24: 'Beds24' };

/** One outside calendar: an iCal feed (its id), or a Beds24 configuration / property (its id). */
export interface BookingSource {
  kind: SourceKind;
  id: number;
  /** Who added the source (notifications name them). */
  userId: number;
  /** The property whose calendar shows the source's bookings. */
  propertyId: number;
}

/** A booking as an adapter hands it to the store: already in instants and days, whatever the source's format. */
export interface ExternalBookingInput {
  /** The source's own key: an iCal UID, a Beds24 booking id. */
  externalUid: string;
  /** The instance of a recurring series; '' (or absent) for a single booking. */
  recurrenceId?: string;
  startTime: Date;
  /** Exclusive end; never before startTime. */
  endsAt: Date;
  allDay: boolean;
  /** All-day bookings: 'YYYY-MM-DD', end exclusive (the check-out day). Null for timed ones. */
  startDate: string | null;
  endDate: string | null;
  summary: string;
  description: string | null;
  location: string | null;
  /** 'confirmed' or 'tentative' are stored; 'cancelled' removes the stored booking (an explicit cancellation). */
  status: string;
  /** Guest stay, blocked dates, or anything else (see feeds/import/classify.ts). */
  kind: string;
  sequence: number;
}

export const CANCELLED = 'cancelled';

/**
 * One pull of a source, as the store applies it. `complete` says the pull read the source's whole window without
 * losing anything (a full pull that parsed cleanly); a partial parse, or a delta ("modified since") pull, is not
 * complete, so it updates and adds but never removes what it did not see.
 */
export interface ExternalPull {
  source: BookingSource;
  complete: boolean;
  /**
   * A complete pull's exceptions: keys (externalUid, every recurrence of it) the source sent but could not be read,
   * e.g. an iCal event with a broken date. Their stored bookings are neither removed nor counted as unseen.
   */
  unreadUids?: string[];
  bookings: ExternalBookingInput[];
  /** Bookings ending before this instant are never removed for vanishing: Airbnb drops past stays from its feed. */
  now: Date;
  /**
   * Complete pulls in a row, just before this one, that held no future booking while future ones were stored
   * (kept by the source, as the result's emptyPulls of the last pull).
   */
  emptyPullsBefore: number;
}

export interface PullResult {
  /** Bookings stored or updated from this pull (cancellations not counted). */
  stored: number;
  /** Bookings removed: vanished from a complete pull, or cancelled explicitly. */
  removed: number;
  /** What the source keeps for its next pull's emptyPullsBefore. */
  emptyPulls: number;
  /**
   * Set when a complete pull held no future booking and removal waits for the next pull to confirm it: how many
   * stored future bookings are kept meanwhile.
   */
  keptUntilConfirmed: number | null;
  /** What the pull did to bookings ending after `now`: added, changed in what is shown, and removed (cancelled or vanished). */
  future: { added: number; changed: number; cancelled: number };
  /** Bookings the pull added, and changed in what is shown, past ones included (removals are `removed`). */
  all: { added: number; changed: number };
  /**
   * The earliest start among the future bookings the pull added or changed: the day a notification about the pull
   * opens (docs/api.md "Notification links"). Absent when it added and changed none.
   */
  firstChangedStart?: Date;
}

/** Kinds of stored bookings that hold dates closed, not a guest: the iCal import's 'block', Beds24's 'blocked'. */
export const BLOCKED_KINDS: readonly string[] = ['block', 'blocked'];

/** A stored booking as the calendar, the subscription feed and booked-day checks read it. */
export interface ExternalBooking {
  /** The API id: `<kind>-<source id>-<16 hex of md5(UID|recurrence id)>`; personal notes are keyed by it. */
  id: string;
  sourceKind: SourceKind;
  sourceId: number;
  /** The source's name (the feed's), or null when the source kind has no record of its own yet. */
  sourceName: string | null;
  /** The colour the source's bookings are drawn in (the feed's), or null for a source without one (Beds24). */
  sourceColor: string | null;
  userId: number;
  propertyId: number;
  externalUid: string;
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
  /** Other sources holding the same stay, left out of the reads in its favour (see SHADOWED_BY_CHANNEL). */
  alsoFrom: { type: string; feedName: string; feedId: number }[];
  updatedAt: Date;
}

/**
 * The channel a guest booked through, as the owner reads it (docs/product/insights.md#the-figures): a Beds24
 * booking's 'Kanal:' line (the channel Beds24 names, beds24/beds24-bookings.ts writes it), else 'Beds24'; an iCal
 * booking's feed name (owners name feeds after their channel: 'Airbnb'), else 'iCal'.
 */
export function channelOf(b: Pick<ExternalBooking, 'sourceKind' | 'sourceName' | 'description'>): string {
  if (b.sourceKind === 'beds24') return /^Kanal: (.+)$/m.exec(b.description ?? '')?.[1].trim() || SOURCE_KIND_NAMES.beds24;
  return b.sourceName?.trim() || SOURCE_KIND_NAMES[b.sourceKind];
}

/** An external booking's API id read back into its source and UID key (the md5 prefix), or null for any other id. */
export function parseExternalBookingId(apiId: string): { kind: SourceKind; sourceId: number; uidKey: string } | null {
  const match = /^(ical|beds24)-(\d{1,9})-([0-9a-f]{16})$/.exec(apiId);
  return match ? { kind: match[1] as SourceKind, sourceId: Number(match[2]), uidKey: match[3] } : null;
}

/** Whether an API id names an external booking (`ical-…`, `beds24-…`) rather than one of our own events. */
export const isExternalBookingId = (apiId: string) => /(ical|beds24)-/.test(apiId);

/**
 * The bookings a calendar may show: those of a source that is not switched off. external_booking_sources (a view
 * over each source kind's own table) names the source; a kind without a table of its own yet (Beds24) has no row
 * there, and its bookings show. One definition for the calendar read and the subscription poll.
 */
export const VISIBLE_EXTERNAL_BOOKINGS = `external_bookings b
  LEFT JOIN external_booking_sources s ON s.source_kind = b.source_kind AND s.source_id = b.source_id`;
export const IS_VISIBLE = 's.enabled IS NOT FALSE';

/**
 * The same rule on `external_bookings b` alone, for reads that need no source name (the subscription poll's
 * count): an anti-join against switched-off sources only, which are few, so the poll does not join every booking.
 */
export const NOT_IN_DISABLED_SOURCE = `NOT EXISTS (SELECT 1 FROM external_booking_sources s
  WHERE s.source_kind = b.source_kind AND s.source_id = b.source_id AND NOT s.enabled)`;

/** A booking's id as the API gives it (`ical-3-0123456789abcdef`), from its row `b`: kind, source and a hash of its UID. */
const BOOKING_API_ID = `b.source_kind || '-' || b.source_id || '-' || left(md5(b.external_uid || '|' || b.recurrence_id), 16)`;

/**
 * For the subscription poll, as LATERAL derived tables on the SQL of a subquery of property ids: the properties' visible
 * bookings' count and last change as (n, at), and the switches of their sources as one text (feeds), which changes
 * when a source is turned off or on. One row each, also for properties without any.
 */
export const bookingsChangeSql = (properties: string) =>
  `(SELECT count(*) AS n, max(b.updated_at) AS at FROM external_bookings b WHERE b.property_id IN ${properties} AND ${NOT_IN_DISABLED_SOURCE})`;
export const sourceSwitchesSql = (properties: string) =>
  `(SELECT string_agg(source_kind || source_id || ':' || enabled::text, ',' ORDER BY source_kind, source_id) AS feeds
             FROM external_booking_sources WHERE property_id IN ${properties})`;

/**
 * One stay, shown once: the matching rule. An Airbnb booking that reaches a property both through its Airbnb iCal feed
 * and through Beds24 carries one Airbnb confirmation code ('HM…') in both: in the iCal event's reservation link
 * (DESCRIPTION) and as the Beds24 booking's apiReference (its description's 'Referanse:' line). The database keeps
 * that code as external_bookings.stay_reference (a generated column, migration 1765100000000). An iCal booking of a
 * property is left out of every read when a Beds24 booking of the same property has the same code, because Beds24's copy says
 * more (channel, guest, status); the Beds24 booking names the iCal sources it stands for (STAY_ALSO_FROM). Bookings
 * without a code (Booking.com's 'CLOSED', blocks, other channels) are never merged: equal dates alone do not prove
 * that two bookings are one stay, and hiding a real booking would be worse than showing one twice.
 */
export const SHADOWED_BY_CHANNEL = `(b.source_kind = 'ical' AND b.stay_reference IS NOT NULL AND EXISTS (
  SELECT 1 FROM external_bookings m WHERE m.property_id = b.property_id AND m.source_kind = 'beds24' AND m.stay_reference = b.stay_reference))`;

/** For a Beds24 booking: the visible iCal sources holding the same stay, as a JSON array of { type, feedName, feedId } (else []). */
export const STAY_ALSO_FROM = `(CASE WHEN b.source_kind = 'beds24' AND b.stay_reference IS NOT NULL THEN (
  SELECT json_agg(json_build_object('type', m.source_kind, 'feedName', ms.name, 'feedId', m.source_id) ORDER BY m.source_id)
  FROM external_bookings m JOIN external_booking_sources ms ON ms.source_kind = m.source_kind AND ms.source_id = m.source_id
  WHERE m.property_id = b.property_id AND m.source_kind = 'ical' AND m.stay_reference = b.stay_reference AND ms.enabled) END)`;

/**
 * For double-booking detection: a property's bookings the calendar shows (VISIBLE_EXTERNAL_BOOKINGS, IS_VISIBLE, not
 * SHADOWED_BY_CHANNEL) that end after an instant, as a derived table of (id, source_kind, source_id, summary,
 * source_name, all_day, start_date, end_date, start_time, ends_at), `id` the API id. `propertyId` and `endsAfter` are SQL.
 */
export const visibleBookingsEndingAfterSql = (propertyId: string, endsAfter: string) => `(
  SELECT ${BOOKING_API_ID} AS id, b.source_kind, b.source_id,
    b.summary, s.name AS source_name, b.all_day, b.start_date, b.end_date, b.start_time, b.ends_at
  FROM ${VISIBLE_EXTERNAL_BOOKINGS}
  WHERE b.property_id = ${propertyId} AND ${IS_VISIBLE} AND NOT ${SHADOWED_BY_CHANNEL} AND b.ends_at > ${endsAfter})`;

/**
 * The external bookings' answer as one JSON array, built by the database: the only producer of
 * ExternalBookingResponse (bookings/external-booking.dto.ts), in the same order as ExternalBookingsStore.listForProperty.
 * `params` names the SQL of the property id, the window's start and end and the colour bookings are shown in when their
 * source has none of its own (EXTERNAL_BOOKING_COLOR; a feed's colour is its bookings', docs/product/feeds.md).
 */
export function externalBookingsJsonSql(params: { propertyId: string; start: string; end: string; color: string }): string {
  const kindNames = Object.entries(SOURCE_KIND_NAMES).map(([kind, name]) => `WHEN '${kind}' THEN '${name}'`).join(' ');
  return jsonArraySql(`
    SELECT ${BOOKING_API_ID} AS id, b.user_id AS "userId",
      b.summary AS title, b.description,
      CASE WHEN b.all_day THEN ${isoDateSql('b.start_date')} ELSE ${isoTimestampSql('b.start_time')} END AS "startTime",
      CASE WHEN b.all_day THEN ${isoDateSql('b.end_date')} ELSE ${isoTimestampSql('b.ends_at')} END AS "endTime",
      b.all_day AS "allDay", coalesce(s.color, ${params.color})::text AS color, b.location,
      json_build_object('type', b.source_kind, 'feedName', coalesce(s.name, CASE b.source_kind ${kindNames} END), 'feedId', b.source_id,
        'uid', b.external_uid, 'kind', b.kind, 'alsoFrom', coalesce(${STAY_ALSO_FROM}, '[]'::json)) AS source,
      true AS "isBinding", b.status
    FROM ${VISIBLE_EXTERNAL_BOOKINGS}
    WHERE b.property_id = ${params.propertyId} AND ${IS_VISIBLE} AND NOT ${SHADOWED_BY_CHANNEL} AND tstzrange(b.start_time, b.ends_at, '[]') && tstzrange(${params.start}, ${params.end}, '[)')
    ORDER BY b.start_time, b.id`);
}
