import { ForbiddenException, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { visibleBookingsEndingAfterSql } from '../bookings/external-booking.types';
import { handOverToHeirSql, memberPropertiesSql } from '../properties/properties.types';
import { allowedTo, PropertyAccess } from '../properties/property-access.service';
import { Clock } from '../common/adapters/clock';
import { EventBus } from '../common/events/domain-events';
import { coded } from '../common/http-exception.filter';
import { findPage, ListQuery, whereIdIn } from '../common/list-query';
import { mapConflict } from './conflicts.dto';
import type { ListedConflict } from './conflicts.types';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort, LOCK_CONFLICTS } from '../database/database.port';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { BookingConflict } from './booking-conflict.entity';
import './conflicts.events';

const DAY_MS = 86_400_000;

/**
 * A property's calendar entries that can be double-booked, as days [from_day, to_day) in the business time zone ($3):
 * own events (owner-blocked time, binding or not), and external bookings the calendar shows (a switched-off source's
 * are not shown, and an iCal copy of a stay that Beds24 also holds is read once, as the Beds24 booking:
 * SHADOWED_BY_CHANNEL). All-day entries keep their dates (the end is the check-out day, exclusive); a timed entry
 * holds the days from its start's to its end's, and at least its own day. Only entries ending after $2 take part.
 * `source` tells sources apart: entries of one source never conflict with each other. One statement for its cost:
 * bookings hands out the SQL of its part (bookings/external-booking.types.ts); the events part is written here, an
 * allowed exception, since calendar already imports conflicts for its window read (docs/architecture.md#where-data-lives).
 */
const ENTRIES = `
  SELECT e.id::text AS id, 'own'::text AS kind, NULL::int AS source_id, 'own'::text AS source, e.title,
    (e.start_time AT TIME ZONE $3)::date AS from_day, (e.ends_at AT TIME ZONE $3)::date AS to_day
  FROM events e WHERE e.property_id = $1 AND e.ends_at > $2
  UNION ALL
  SELECT b.id, b.source_kind, b.source_id, b.source_kind || '-' || b.source_id, coalesce(nullif(b.summary, ''), b.source_name, b.source_kind),
    CASE WHEN b.all_day AND b.start_date IS NOT NULL THEN b.start_date ELSE (b.start_time AT TIME ZONE $3)::date END,
    CASE WHEN b.all_day AND b.end_date IS NOT NULL THEN b.end_date ELSE (b.ends_at AT TIME ZONE $3)::date END
  FROM ${visibleBookingsEndingAfterSql('$1', '$2')} b`;

/**
 * One property's detection in one statement: the pairs of entries from different sources sharing a night, upserted by
 * pair (a pair found again only has its days refreshed, and a resolved one is reopened without news), and the open
 * conflicts not found again, from today on, marked resolved. Answers the pairs this run added.
 * Pairs are found through the days each entry holds from two days back on (a hash join on the day), not by comparing
 * every entry with every other, so an owner with thousands of events costs about as many rows as they hold days.
 * $1 property, $2 entries ending after, $3 time zone, $4 today (conflicts ending by then are history and kept as they
 * are), $5 now, $6 the owner a new row names (the back office's owner column).
 */
const DETECT = `
  WITH spans AS (SELECT id, kind, source_id, source, title, from_day, greatest(to_day, from_day + 1) AS to_day FROM (${ENTRIES}) raw),
  clipped AS (SELECT id, source, greatest(from_day, $4::date - 2) AS first_day, to_day FROM spans),
  days AS (SELECT id, source, first_day + generate_series(0, to_day - first_day - 1) AS day FROM clipped),
  hits AS (SELECT DISTINCT x.id AS a_id, y.id AS b_id FROM days x JOIN days y ON y.day = x.day AND x.id < y.id AND x.source <> y.source),
  pairs AS (
    SELECT h.a_id, h.b_id, x.kind AS a_kind, y.kind AS b_kind, x.source_id AS a_source_id, y.source_id AS b_source_id,
      x.title AS a_title, y.title AS b_title, greatest(x.from_day, y.from_day) AS from_date, least(x.to_day, y.to_day) AS to_date
    FROM hits h JOIN spans x ON x.id = h.a_id JOIN spans y ON y.id = h.b_id),
  up AS (
    INSERT INTO booking_conflicts AS c (property_id, user_id, a_id, b_id, a_kind, b_kind, a_source_id, b_source_id, a_title, b_title, from_date, to_date, detected_at)
    SELECT $1, $6, a_id, b_id, a_kind, b_kind, a_source_id, b_source_id, a_title, b_title, from_date, to_date, $5 FROM pairs
    ON CONFLICT (property_id, a_id, b_id) DO UPDATE SET a_title = EXCLUDED.a_title, b_title = EXCLUDED.b_title,
      from_date = EXCLUDED.from_date, to_date = EXCLUDED.to_date, resolved_at = NULL
    WHERE (c.a_title, c.b_title, c.from_date, c.to_date, c.resolved_at) IS DISTINCT FROM (EXCLUDED.a_title, EXCLUDED.b_title, EXCLUDED.from_date, EXCLUDED.to_date, NULL)
    RETURNING c.id, (xmax = 0) AS inserted, c.from_date, c.to_date, c.a_title, c.b_title),
  gone AS (
    UPDATE booking_conflicts c SET resolved_at = $5
    WHERE c.property_id = $1 AND c.resolved_at IS NULL AND c.to_date > $4::date
      AND NOT EXISTS (SELECT 1 FROM pairs p WHERE p.a_id = c.a_id AND p.b_id = c.b_id)
    RETURNING c.id)
  SELECT id, to_char(from_date, 'YYYY-MM-DD') AS "from", to_char(to_date, 'YYYY-MM-DD') AS "to", a_title AS "aTitle", b_title AS "bTitle",
    (SELECT count(*)::int FROM gone) AS resolved
  FROM up WHERE inserted
  UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, (SELECT count(*)::int FROM gone) WHERE NOT EXISTS (SELECT 1 FROM up WHERE inserted)`;

export interface DetectedConflict {
  id: number;
  from: string;
  to: string;
  aTitle: string;
  bTitle: string;
}


/**
 * Double bookings (docs/architecture.md "Double bookings"). Detection runs per property after a change committed (an
 * import that changed its bookings, a change to its own events), never on a read; reads take stored rows.
 */
@Injectable()
export class ConflictsService implements OnModuleInit {
  constructor(
    @InjectRepository(BookingConflict) private readonly conflicts: Repository<BookingConflict>,
    private readonly database: DatabasePort,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly access: PropertyAccess,
  ) {}

  onModuleInit(): void {
    this.bus.on('bookings.stored', (e) => this.detect(e.propertyId).then(() => undefined));
    this.bus.on('calendar.events.changed', (e) => this.detect(e.propertyId).then(() => undefined));
    // A leaving owner's name on a shared property's conflicts passes to another member (handOverToHeirSql).
    this.bus.onInTransaction('users.owner.deleting', async ({ ownerId }, { tx }) => {
      await tx.query(handOverToHeirSql('booking_conflicts'), [ownerId]);
    });
  }

  /** The business time zone's day of an instant, 'YYYY-MM-DD'. */
  private dayOf(instant: Date): string {
    return new Intl.DateTimeFormat('en-CA', { timeZone: this.config.businessTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  }

  /**
   * Detects one property's double bookings: stores new pairs, refreshes moved ones, resolves those gone. New conflicts
   * that are not over yet are announced once, all of one detection together (`bookings.conflicts.detected`), after
   * the commit, to the property's owners and co-owners and every admin. A property without an owner (being deleted)
   * is left as it is.
   */
  async detect(propertyId: number): Promise<{ added: DetectedConflict[]; resolved: number }> {
    // Read once: the owner a new row names, and later whom the news reaches.
    const members = await this.access.members(propertyId);
    const [userId] = allowedTo(members, 'manage');
    if (userId === undefined) return { added: [], resolved: 0 };
    const now = this.clock.now();
    const today = this.dayOf(now);
    // Entries ending two days back still take part, so every conflict ending after today (in any time zone) is seen.
    const since = new Date(now.getTime() - 2 * DAY_MS);
    const rows: (DetectedConflict & { resolved: number })[] = await this.database.transaction(async (tx) => {
      // Two imports of one property at once (two feeds, two instances) take turns, so a pair is inserted once.
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_CONFLICTS, propertyId]);
      return tx.query(DETECT, [propertyId, since, this.config.businessTimeZone, today, now, userId]);
    });
    const added = rows.filter((r) => r.id !== null).map(({ id, from, to, aTitle, bTitle }) => ({ id, from, to, aTitle, bTitle }));
    const resolved = rows[0]?.resolved ?? 0;
    const news = added.filter((c) => c.to > today);
    if (news.length > 0) {
      const ownerName = (await this.users.namesOf([userId])).get(userId) ?? '';
      const admins = await this.users.activeAdminIds();
      const conflicts = news
        .map((c) => ({ conflictId: c.id, from: c.from, to: c.to, aTitle: c.aTitle, bTitle: c.bTitle }))
        .sort((x, y) => (x.from < y.from ? -1 : x.from > y.from ? 1 : x.conflictId - y.conflictId));
      const stored = await this.conflicts.findBy({ id: In(conflicts.map((c) => c.conflictId)) });
      const answers = conflicts.flatMap((c) => stored.filter((s) => s.id === c.conflictId).map((conflict) => mapConflict({ conflict, ownerName })));
      await this.bus.emit('bookings.conflicts.detected', { propertyId, userId, ownerName, members: allowedTo(members, 'write'), admins, conflicts, answers });
    }
    return { added, resolved };
  }

  /**
   * Current and future open conflicts (ending after today): those of the properties a member belongs to, or for staff
   * everyone's (`userId` narrows to an owner's); `propertyId` narrows to one property, another's answering none.
   * A member asking for another user's is refused.
   */
  async list(viewer: User, query: ListQuery, userId: number | undefined, propertyId?: number): Promise<{ rows: ListedConflict[]; total: number }> {
    const staff = viewer.isAdmin || viewer.isMiniAdmin;
    if (!staff && userId !== undefined && userId !== viewer.id) throw new ForbiddenException(coded('forbidden', 'Tilgang nektet'));
    const today = this.dayOf(this.clock.now());
    const open = () => {
      const qb = this.conflicts.createQueryBuilder('c').where('c.resolvedAt IS NULL').andWhere('c.toDate > :today', { today });
      if (!staff) qb.andWhere(`c.property_id IN ${memberPropertiesSql(':viewer')}`, { viewer: viewer.id });
      else if (userId !== undefined) qb.andWhere('c.userId = :owner', { owner: userId });
      if (propertyId !== undefined) qb.andWhere('c.propertyId = :propertyId', { propertyId });
      return qb;
    };
    const { rows, total } = await findPage(open(), query, {
      sortable: { id: 'c.id', from: 'c.fromDate', to: 'c.toDate', userId: 'c.userId', propertyId: 'c.propertyId', detectedAt: 'c.detectedAt' },
      filters: {
        userId: (qb, value) => whereIdIn(qb, 'c.userId', value, 'filterUserId'),
        propertyId: (qb, value) => whereIdIn(qb, 'c.propertyId', value, 'filterPropertyId'),
      },
      key: 'c.id',
    });
    const names = await this.users.namesOf(rows.map((r) => r.userId));
    return { rows: rows.map((conflict) => ({ conflict, ownerName: names.get(conflict.userId) ?? '' })), total };
  }
}
