import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
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
import { bookedNightsInMonth, osloDay, type Stay } from './rental-nights';
import type { StatementData, YearTotals } from './statement';
import { DatabasePort } from '../database/database.port';
import { EventBus } from '../common/events/domain-events';
import './payouts.events';

export interface PayoutWithOwner { payout: Payout; owner: { name: string; username: string } }


const DAY_MS = 86_400_000;
/** Kinds of stored bookings that hold dates closed, not a guest: the iCal import's 'block', Beds24's 'blocked'. */
const BLOCKED_KINDS = ['block', 'blocked'];

/**
 * Payouts: owners read their own year; admins register, change and delete them, each change audited with the
 * record before and after.
 */
@Injectable()
export class PayoutsService {
  constructor(
    @InjectRepository(Payout) private readonly payouts: Repository<Payout>,
    private readonly users: UsersService,
    private readonly calendar: CalendarService,
    private readonly bookings: ExternalBookingsService,
    private readonly audit: AuditService,
    private readonly db: DataSource,
    private readonly database: DatabasePort,
    private readonly events: EventBus,
  ) {}

  /** One owner's payouts of a year, by month (a month's corrections in the order they were registered). */
  forYear(userId: number, year: number): Promise<Payout[]> {
    return this.payouts.find({ where: { userId, year }, order: { month: 'ASC', id: 'ASC' } });
  }

  /** The year's sums per status and the net (everything minus what was offset), as numeric(12,2) strings. */
  async yearTotals(userId: number, year: number): Promise<YearTotals> {
    const [row] = await this.db.query(
      `SELECT
         coalesce(sum(amount) FILTER (WHERE status = 'paid'), 0)::numeric(12,2)::text AS paid,
         coalesce(sum(amount) FILTER (WHERE status = 'sent'), 0)::numeric(12,2)::text AS sent,
         coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0)::numeric(12,2)::text AS pending,
         coalesce(sum(amount) FILTER (WHERE status = 'offset'), 0)::numeric(12,2)::text AS "offset",
         coalesce(sum(CASE WHEN status = 'offset' THEN -amount ELSE amount END), 0)::numeric(12,2)::text AS net
       FROM payouts WHERE user_id = $1 AND year = $2`,
      [userId, year],
    );
    return row;
  }

  /** What the year statement shows: the owner, each month's net and statuses, every payout, the totals. */
  async statementData(owner: User, year: number, madeOn: string): Promise<StatementData> {
    const [payouts, totals, months] = await Promise.all([
      this.forYear(owner.id, year),
      this.yearTotals(owner.id, year),
      this.db.query(
        `SELECT m.month, coalesce(sum(CASE WHEN p.status = 'offset' THEN -p.amount ELSE p.amount END), 0)::numeric(12,2)::text AS total,
           coalesce(array_agg(DISTINCT p.status) FILTER (WHERE p.status IS NOT NULL), '{}') AS statuses
         FROM generate_series(1, 12) AS m(month)
         LEFT JOIN payouts p ON p.month = m.month AND p.user_id = $1 AND p.year = $2
         GROUP BY m.month ORDER BY m.month`,
        [owner.id, year],
      ),
    ]);
    return {
      year,
      owner: { name: owner.name, accountNumber: owner.accountNumber },
      months: months.map((m: { month: number; total: string; statuses: PayoutStatus[] | string }) => ({ month: Number(m.month), total: m.total, statuses: pgArray(m.statuses) })),
      payouts: payouts.map((p) => ({ month: p.month, amount: p.amount, currency: p.currency.trim(), status: p.status, rentalDays: p.rentalDays, paidDate: p.paidDate, notes: p.notes })),
      totals,
      madeOn,
    };
  }

  async get(id: number): Promise<Payout> {
    const payout = await this.payouts.findOneBy({ id });
    if (!payout) throw new NotFoundException(coded('payout_not_found', 'Utbetalingen finnes ikke'));
    return payout;
  }

  /** The back-office list: filters userId, year, month, status and id; sorts by any column or the owner's name. */
  async list(query: ListQuery): Promise<{ rows: PayoutWithOwner[]; total: number }> {
    const qb = this.payouts.createQueryBuilder('p').innerJoin('users', 'u', 'u.id = p.user_id');
    return findPage(qb, query, {
      sortable: {
        ...Object.fromEntries(['id', 'userId', 'year', 'month', 'amount', 'currency', 'status', 'rentalDays', 'paidDate', 'createdAt'].map((f) => [f, `p.${f}`])),
        userName: 'u.name',
      },
      filters: {
        id: (b, v) => whereIdIn(b, 'p.id', v, 'ids'),
        userId: (b, v) => whereIdIn(b, 'p.userId', v, 'userIds'),
        year: (b, v) => b.andWhere('p.year = :year', { year: toInt(v) }),
        month: (b, v) => b.andWhere('p.month = :month', { month: toInt(v) }),
        status: (b, v) => b.andWhere('p.status = :status', { status: String(v) }),
      },
      key: 'p.id',
      // Every filter is on the payout itself: the owner join is for the names and the sort only.
      countFrom: this.payouts.createQueryBuilder('p'),
    }, async (pageQuery) => {
      // The owner's name comes with its payout, in the same query (a to-one join: one raw row per entity).
      const { entities, raw } = await pageQuery.addSelect('u.name', 'owner_name').addSelect('u.username', 'owner_username').getRawAndEntities<{ owner_name: string; owner_username: string }>();
      return entities.map((payout, i) => ({ payout, owner: { name: raw[i].owner_name, username: raw[i].owner_username } }));
    });
  }

  async create(admin: User, dto: CreatePayoutDto, context?: RequestContext): Promise<Payout> {
    const owner = await this.users.get(dto.userId);
    const status = dto.status ?? 'pending';
    assertAmountAllowed(dto.amount, status);
    const created = await this.database.transaction(async (tx) => {
      const payout = await tx.getRepository(Payout).save(
        tx.getRepository(Payout).create({
          userId: owner.id, month: dto.month, year: dto.year, amount: dto.amount, currency: dto.currency ?? 'NOK', status,
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

  /** After the commit: the owner is told (in the app and by mail, docs/product/payouts-and-prices.md#notifications). */
  private tell(admin: User, p: Payout, change: 'registered' | 'changed' | 'paid'): Promise<void> {
    return this.events.emit('payouts.changed', {
      userId: p.userId, actorId: admin.id, payoutId: p.id, year: p.year, month: p.month, amount: p.amount, currency: p.currency.trim(), status: p.status, change,
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

  /**
   * The booked nights of a month from the owner's stored bookings: bookings synced into their own calendar (events
   * with a source) and every outside source's (the iCal feeds, Beds24). Blocked dates are no rentals. A night
   * booked in two sources counts once.
   */
  async rentalNights(userId: number, year: number, month: number): Promise<number> {
    await this.users.get(userId);
    // A day's margin each side: an Oslo night near a month edge is a UTC instant the day before or after.
    const range = { start: new Date(Date.UTC(year, month - 1, 1) - DAY_MS), end: new Date(Date.UTC(year, month, 1) + DAY_MS) };
    const [events, external] = await Promise.all([this.calendar.listPersonsEvents(userId, range), this.bookings.listForPerson(userId, range)]);
    const stays: Stay[] = [
      ...events.filter((e) => e.source !== null).map((e) => (e.allDay ? { checkIn: osloDay(e.startTime), checkOut: osloDay(e.endsAt) } : timedStay(e.startTime, e.endsAt))),
      ...external.filter((b) => !BLOCKED_KINDS.includes(b.kind)).map((b) => (b.allDay && b.startDate && b.endDate ? { checkIn: b.startDate, checkOut: b.endDate } : timedStay(b.startTime, b.endsAt))),
    ];
    return bookedNightsInMonth(stays, year, month);
  }

  private record(tx: EntityManager, admin: User, action: string, before: Payout | null, after: Payout | null, context?: RequestContext) {
    const subject = (after ?? before)!;
    return this.audit.record(admin.id, subject.userId, action, { payoutId: subject.id, before: before && auditView(before), after: after && auditView(after) }, tx, context);
  }
}

/** What the audit keeps of a payout: the money fields as they were. */
function auditView(p: Payout) {
  const { id, month, year, amount, currency, status, rentalDays, paidDate, notes } = mapPayout(p);
  return { id, month, year, amount, currency, status, rentalDays, paidDate, notes };
}

/** A timed stay's nights: from its Oslo check-in day to its Oslo check-out day. */
const timedStay = (start: Date, end: Date): Stay => ({ checkIn: osloDay(start), checkOut: osloDay(end) });

/** A text[] as the driver hands it: an array (pg), or its '{a,b}' literal. */
const pgArray = (value: PayoutStatus[] | string): PayoutStatus[] => (Array.isArray(value) ? value : value.replace(/^{|}$/g, '').split(',').filter(Boolean) as PayoutStatus[]);

const toInt = (v: unknown) => (typeof v === 'number' ? v : /^\d{1,9}$/.test(String(v)) ? Number(v) : -1);

/** Amounts are never negative, and an offset is a positive remainder. */
function assertAmountAllowed(amount: string, status: PayoutStatus): void {
  if (toMinor(amount) >= 0n) return;
  if (status === 'offset') throw new BadRequestException({ ...coded('payout_offset_negative', 'Motregning må være et positivt restbeløp, ikke negativt'), errors: [{ field: 'amount', message: 'Motregning må være et positivt restbeløp, ikke negativt' }] });
  throw new BadRequestException({ ...coded('payout_amount_negative', 'Beløpet kan ikke være negativt'), errors: [{ field: 'amount', message: 'Beløpet kan ikke være negativt' }] });
}
