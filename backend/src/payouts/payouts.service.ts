import { BadRequestException, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { ExternalBookingsService } from '../bookings/external-bookings.service';
import { CalendarService } from '../calendar/calendar.service';
import { coded } from '../common/http-exception.filter';
import { findPage, type ListQuery, whereIdIn } from '../common/list-query';
import { toMinor } from '../common/money';
import type { RequestContext } from '../common/request-context';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { Payout, type PayoutStatus } from './payout.entity';
import { CreatePayoutDto, mapPayout, UpdatePayoutDto } from './payouts.dto';
import { RENTAL_ZONE } from './rental-nights';
import { type MonthNights, monthNightsOf, ownerStaysOf, rentedStaysOf } from './month-stays';
import { assertAmountMatchesLines } from './payout-lines.store';
import type { StatementData, YearTotals } from './statement';
import { DatabasePort } from '../database/database.port';
import { EventBus } from '../common/events/domain-events';
import { handOverToHeirSql, memberPropertiesSql } from '../properties/properties.types';
import { PropertyAccess } from '../properties/property-access.service';
import type { Property } from '../properties/property.entity';
import './payouts.events';

export interface PayoutWithOwner { payout: Payout; owner: { name: string; username: string }; propertyName: string | null }

const DAY_MS = 86_400_000;

/**
 * Payouts, each a property's (docs/product/payouts-and-prices.md#who-may-do-what): its members who see money read its
 * year; admins register, change and delete them, each change audited with the record before and after.
 */
@Injectable()
export class PayoutsService implements OnModuleInit {
  constructor(
    @InjectRepository(Payout) private readonly payouts: Repository<Payout>,
    private readonly users: UsersService,
    private readonly calendar: CalendarService,
    private readonly bookings: ExternalBookingsService,
    private readonly audit: AuditService,
    private readonly db: DataSource,
    private readonly database: DatabasePort,
    private readonly events: EventBus,
    private readonly access: PropertyAccess,
  ) {}

  /** A leaving person's payouts in properties others share pass to another member (handOverToHeirSql). */
  onModuleInit(): void {
    this.events.onInTransaction('users.owner.deleting', async ({ ownerId }, { tx }) => {
      await tx.query(handOverToHeirSql('payouts'), [ownerId]);
    });
  }

  /**
   * The property whose money a request reads: the named one, or the caller's first, as PropertyAccess allows 'money'
   * (a viewer without canSeeMoney: 403); null for staff who name none and hold none (an empty year, as before properties).
   */
  async moneyOf(user: User, propertyId: number | undefined): Promise<Property | null> {
    try {
      return (await this.access.resolve(user, propertyId, 'money')).property;
    } catch (error) {
      if (propertyId === undefined && error instanceof NotFoundException) return null;
      throw error;
    }
  }

  /** The property a staff request names: `propertyId`, else the person `userId`'s first (made for an owner who has none). */
  async propertyNamed(staff: User, propertyId: number | undefined, userId: number | undefined, action: 'read' | 'write'): Promise<Property | null> {
    if (propertyId !== undefined) return (await this.access.resolve(staff, propertyId, action)).property;
    return this.access.firstOf(await this.users.get(userId!), action);
  }

  /** A property's payouts of a year, by month (a month's corrections in the order they were registered). */
  forYear(propertyId: number, year: number): Promise<Payout[]> {
    return this.payouts.find({ where: { propertyId, year }, order: { month: 'ASC', id: 'ASC' } });
  }

  /** The year's sums per status and the net (everything minus what was offset), as numeric(12,2) strings. */
  async yearTotals(propertyId: number, year: number): Promise<YearTotals> {
    const [row] = await this.db.query(
      `SELECT
         coalesce(sum(amount) FILTER (WHERE status = 'paid'), 0)::numeric(12,2)::text AS paid,
         coalesce(sum(amount) FILTER (WHERE status = 'sent'), 0)::numeric(12,2)::text AS sent,
         coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0)::numeric(12,2)::text AS pending,
         coalesce(sum(amount) FILTER (WHERE status = 'offset'), 0)::numeric(12,2)::text AS "offset",
         coalesce(sum(CASE WHEN status = 'offset' THEN -amount ELSE amount END), 0)::numeric(12,2)::text AS net
       FROM payouts WHERE property_id = $1 AND year = $2`,
      [propertyId, year],
    );
    return row;
  }

  /**
   * What the year statement shows: the property and its owner (the earliest-joined member in the owner role, whom the
   * money is paid to), each month's net and statuses, every payout, the totals. `property` null: staff holding none,
   * whose statement is empty and names them.
   */
  async statementData(reader: User, property: Property | null, year: number, madeOn: string): Promise<StatementData> {
    const propertyId = property?.id ?? 0;
    const [payouts, totals, months, payee] = await Promise.all([
      this.forYear(propertyId, year),
      this.yearTotals(propertyId, year),
      this.db.query(
        `SELECT m.month, coalesce(sum(CASE WHEN p.status = 'offset' THEN -p.amount ELSE p.amount END), 0)::numeric(12,2)::text AS total,
           coalesce(array_agg(DISTINCT p.status) FILTER (WHERE p.status IS NOT NULL), '{}') AS statuses
         FROM generate_series(1, 12) AS m(month)
         LEFT JOIN payouts p ON p.month = m.month AND p.property_id = $1 AND p.year = $2
         GROUP BY m.month ORDER BY m.month`,
        [propertyId, year],
      ),
      property ? this.access.payeeOf(property.id).then((id) => (id === null ? null : this.users.findById(id))) : Promise.resolve(null),
    ]);
    return {
      year,
      property: property?.name ?? null,
      owner: payee ? { name: payee.name, accountNumber: payee.accountNumber } : { name: reader.name, accountNumber: property ? null : reader.accountNumber },
      months: months.map((m: { month: number; total: string; statuses: PayoutStatus[] | string }) => ({ month: Number(m.month), total: m.total, statuses: pgArray(m.statuses) })),
      payouts: payouts.map((p) => ({ month: p.month, amount: p.amount, currency: p.currency.trim(), status: p.status, rentalDays: p.rentalDays, paidDate: p.paidDate, notes: p.notes })),
      totals,
      madeOn,
      sections: [],
    };
  }

  async get(id: number): Promise<Payout> {
    const payout = await this.payouts.findOneBy({ id });
    if (!payout) throw new NotFoundException(coded('payout_not_found', 'Utbetalingen finnes ikke'));
    return payout;
  }

  /**
   * The back-office list: filters propertyId, userId (the payouts of the properties that person is a member of), year,
   * month, status and id; sorts by any column, the owner's name or the property's.
   */
  async list(query: ListQuery): Promise<{ rows: PayoutWithOwner[]; total: number }> {
    const qb = this.payouts.createQueryBuilder('p').innerJoin('users', 'u', 'u.id = p.user_id').leftJoin('properties', 'pr', 'pr.id = p.property_id');
    return findPage(qb, query, {
      sortable: {
        ...Object.fromEntries(['id', 'userId', 'propertyId', 'year', 'month', 'amount', 'currency', 'status', 'rentalDays', 'paidDate', 'createdAt'].map((f) => [f, `p.${f}`])),
        userName: 'u.name',
        propertyName: 'pr.name',
      },
      filters: {
        id: (b, v) => whereIdIn(b, 'p.id', v, 'ids'),
        propertyId: (b, v) => whereIdIn(b, 'p.propertyId', v, 'propertyIds'),
        userId: (b, v) => {
          const ids = (Array.isArray(v) ? v : [v]).map(toInt).filter((id) => id > 0);
          b.andWhere(ids.length ? `p.property_id IN ${memberPropertiesSql('ANY(:memberIds)')}` : 'FALSE', { memberIds: ids });
        },
        year: (b, v) => b.andWhere('p.year = :year', { year: toInt(v) }),
        month: (b, v) => b.andWhere('p.month = :month', { month: toInt(v) }),
        status: (b, v) => b.andWhere('p.status = :status', { status: String(v) }),
      },
      key: 'p.id',
      // Every filter is on the payout itself: the owner join is for the names and the sort only.
      countFrom: this.payouts.createQueryBuilder('p'),
    }, async (pageQuery) => {
      // The owner's and the property's names come with its payout, in the same query (to-one joins: one raw row per entity).
      const { entities, raw } = await pageQuery.addSelect('u.name', 'owner_name').addSelect('u.username', 'owner_username').addSelect('pr.name', 'property_name')
        .getRawAndEntities<{ owner_name: string; owner_username: string; property_name: string | null }>();
      return entities.map((payout, i) => ({ payout, owner: { name: raw[i].owner_name, username: raw[i].owner_username }, propertyName: raw[i].property_name }));
    });
  }

  /**
   * A payout of the property `propertyId`, or else of the person `userId`'s first property (propertyId wins when both
   * are given). It is registered for `userId` when that person is a member of the property, else for its owner.
   */
  async create(admin: User, dto: CreatePayoutDto, context?: RequestContext): Promise<Payout> {
    const property = (await this.propertyNamed(admin, dto.propertyId, dto.userId, 'write'))!;
    const ownerId = await this.registeredFor(property.id, dto.userId);
    const status = dto.status ?? 'pending';
    assertAmountAllowed(dto.amount, status);
    const created = await this.database.transaction(async (tx) => {
      const payout = await tx.getRepository(Payout).save(
        tx.getRepository(Payout).create({
          userId: ownerId, propertyId: property.id, month: dto.month, year: dto.year, amount: dto.amount, currency: dto.currency ?? 'NOK', status,
          rentalDays: dto.rentalDays ?? null, paidDate: dto.paidDate ?? null, notes: dto.notes ?? null, registeredById: admin.id,
        }),
      );
      const stored = await tx.getRepository(Payout).findOneByOrFail({ id: payout.id });
      await this.record(tx, admin, 'payout.create', null, stored, context);
      return stored;
    });
    await this.tell(admin, created, created.status === 'paid' ? 'paid' : 'registered');
    return created;
  }

  async update(admin: User, id: number, dto: UpdatePayoutDto, context?: RequestContext): Promise<Payout> {
    const { before, after } = await this.database.transaction(async (tx) => {
      const repo = tx.getRepository(Payout);
      const before = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw new NotFoundException(coded('payout_not_found', 'Utbetalingen finnes ikke'));
      const status = dto.status ?? before.status;
      assertAmountAllowed(dto.amount ?? before.amount, status);
      if (dto.amount !== undefined) await assertAmountMatchesLines(tx, id, dto.amount);
      const changes: Partial<Payout> = { status };
      if (dto.amount !== undefined) changes.amount = dto.amount;
      if (dto.rentalDays !== undefined) changes.rentalDays = dto.rentalDays;
      if (dto.paidDate !== undefined) changes.paidDate = dto.paidDate;
      if (dto.notes !== undefined) changes.notes = dto.notes;
      await repo.update({ id }, changes);
      const after = await repo.findOneByOrFail({ id });
      await this.record(tx, admin, 'payout.update', before, after, context);
      return { before, after };
    });
    // The owner hears of what changes their money: the amount or the status (not a note or the rental days).
    if (after.status !== before.status && after.status === 'paid') await this.tell(admin, after, 'paid');
    else if (after.status !== before.status || toMinor(after.amount) !== toMinor(before.amount)) await this.tell(admin, after, 'changed');
    return after;
  }

  /**
   * Whom a payout or price of the property is registered for: `userId` when they are a member of it, else its owner
   * (the earliest-joined member in the owner role).
   */
  registeredFor(propertyId: number, userId: number | undefined): Promise<number> {
    return this.access.registrantOf(propertyId, userId);
  }

  /**
   * After the commit: the property's members who see its money are told (in the app and by mail, each in their
   * language, docs/product/payouts-and-prices.md#notifications).
   */
  private async tell(admin: User, p: Payout, change: 'registered' | 'changed' | 'paid'): Promise<void> {
    const members = await this.access.memberIds(p.propertyId, 'money');
    return this.events.emit('payouts.changed', {
      propertyId: p.propertyId, members, userId: p.userId, actorId: admin.id, payoutId: p.id, year: p.year, month: p.month, amount: p.amount, currency: p.currency.trim(), status: p.status, change,
    });
  }

  async remove(admin: User, id: number, context?: RequestContext): Promise<Payout> {
    return this.database.transaction(async (tx) => {
      const repo = tx.getRepository(Payout);
      const before = await repo.findOneBy({ id });
      if (!before) throw new NotFoundException(coded('payout_not_found', 'Utbetalingen finnes ikke'));
      await repo.delete({ id });
      await this.record(tx, admin, 'payout.delete', before, null, context);
      return before;
    });
  }

  /** The booked nights of a month (monthNights' rentalDays). */
  async rentalNights(propertyId: number, year: number, month: number): Promise<number> {
    return (await this.monthNights(propertyId, year, month)).rentalDays;
  }

  /**
   * A month's stays and nights in the property's time zone (month-stays.ts): the stored bookings of every outside
   * source (the iCal feeds, Beds24; blocks and cancelled ones are no rentals) and the bookings synced into its
   * calendar (events with a source), each night counted once; the owners' own stays apart.
   */
  async monthNights(propertyId: number, year: number, month: number): Promise<MonthNights> {
    const zone = (await this.access.zoneOf(propertyId))?.timezone ?? RENTAL_ZONE;
    // A day's margin each side: a night near a month edge, in the property's zone, is a UTC instant the day before or after.
    const range = { start: new Date(Date.UTC(year, month - 1, 1) - DAY_MS), end: new Date(Date.UTC(year, month, 1) + DAY_MS) };
    const [events, external] = await Promise.all([this.calendar.listEvents(propertyId, range), this.bookings.listForProperty(propertyId, range)]);
    return monthNightsOf(rentedStaysOf(external, events, zone), ownerStaysOf(events, zone), year, month);
  }

  private record(tx: EntityManager, admin: User, action: string, before: Payout | null, after: Payout | null, context?: RequestContext) {
    const subject = (after ?? before)!;
    return this.audit.record(admin.id, subject.userId, action, { payoutId: subject.id, before: before && auditView(before), after: after && auditView(after) }, tx, context);
  }
}

/** What the audit keeps of a payout: the money fields as they were. */
export function auditView(p: Payout) {
  const { id, month, year, amount, currency, status, rentalDays, paidDate, notes } = mapPayout(p);
  return { id, month, year, amount, currency, status, rentalDays, paidDate, notes };
}

/** A text[] as the driver hands it: an array (pg), or its '{a,b}' literal. */
const pgArray = (value: PayoutStatus[] | string): PayoutStatus[] => (Array.isArray(value) ? value : value.replace(/^{|}$/g, '').split(',').filter(Boolean) as PayoutStatus[]);

const toInt = (v: unknown) => (typeof v === 'number' ? v : /^\d{1,9}$/.test(String(v)) ? Number(v) : -1);

/** Amounts are never negative, and an offset is a positive remainder. */
function assertAmountAllowed(amount: string, status: PayoutStatus): void {
  if (toMinor(amount) >= 0n) return;
  if (status === 'offset') throw new BadRequestException({ ...coded('payout_offset_negative', 'Motregning må være et positivt restbeløp, ikke negativt'), errors: [{ field: 'amount', message: 'Motregning må være et positivt restbeløp, ikke negativt' }] });
  throw new BadRequestException({ ...coded('payout_amount_negative', 'Beløpet kan ikke være negativt'), errors: [{ field: 'amount', message: 'Beløpet kan ikke være negativt' }] });
}
