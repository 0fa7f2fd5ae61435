import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import { AgreementsService, type HeldMeeting, MEETING_WITHOUT_END_MS } from '../agreements/agreements.service';
import { Clock } from '../common/adapters/clock';
import { EventBus } from '../common/events/domain-events';
import { coded, isUniqueViolation } from '../common/http-exception.filter';
import { containing, findPage, type ListQuery, whereIdIn } from '../common/list-query';
import type { SessionUser } from '../common/session-user';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort, LOCK_OWNER_BOOKINGS } from '../database/database.port';
import { DEFAULT_MAX_UPCOMING_APPOINTMENTS, DEFAULT_SLOT_MINUTES, MAX_UPCOMING_APPOINTMENTS, SLOT_MINUTES, SLOT_MINUTES_MAX, SLOT_MINUTES_MIN } from '../system/system-settings.dto';
import { SystemSettingsService } from '../system/system-settings.service';
import { UsersService } from '../users/users.service';
import { Appointment, AppointmentHours, type AppointmentLocation } from './appointment.entity';
import type { CreateAppointmentDto, SlotResponse } from './appointments.dto';
import { returning } from '../database/returning';
import './appointments.events';
import { type Busy, DAY_MS, dayIn, daysBetween, freeStaff, type HoursRange, type Slot, slotsOn } from './slots';

/** Booking rules (docs/appointments.md): at least this long ahead, at most this far ahead; the read at most this many days. */
export const MIN_NOTICE_MS = 2 * 3_600_000;
export const MAX_AHEAD_MS = 60 * DAY_MS;
export const MAX_RANGE_DAYS = 62;

const PLACE_NAMES: Record<AppointmentLocation, string> = { phone: 'Telefon', video: 'Video', office: 'Kontoret' };

/** An appointment with the names the API answers with (read live from the accounts). */
export interface AppointmentView { appointment: Appointment; userName: string | null; staffName: string | null }

const isStaff = (u: SessionUser) => u.isAdmin || u.isMiniAdmin;
const notFound = () => new NotFoundException(coded('appointment_not_found', 'Timen finnes ikke'));
const slotTaken = () => new ConflictException(coded('appointment_slot_taken', 'Timen er nettopp tatt. Velg en annen.'));

/**
 * Free slots and bookings. A slot is free when at least one staff member of its range has nothing overlapping it;
 * booking inserts the appointment for the first free one and lets the partial unique index decide a race (ON
 * CONFLICT … DO NOTHING, then the next free staff member), so two owners never get the same staff member's slot.
 * The meeting is an agreement made in the same transaction; its mails and the notification follow the commit.
 */
@Injectable()
export class AppointmentsService implements OnModuleInit {
  private readonly logger = new Logger(AppointmentsService.name);

  constructor(
    @InjectRepository(Appointment) private readonly appointments: Repository<Appointment>,
    @InjectRepository(AppointmentHours) private readonly hours: Repository<AppointmentHours>,
    private readonly agreements: AgreementsService,
    private readonly settings: SystemSettingsService,
    private readonly events: EventBus,
    private readonly database: DatabasePort,
    private readonly clock: Clock,
    private readonly db: DataSource,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.reactToRemovals();
    // Staff cancelled or deleted the meeting in the back office: the slot is free again.
    this.events.on('agreements.cancelled', async (e) => {
      await this.appointments
        .createQueryBuilder()
        .update()
        .set({ status: 'cancelled', cancelledAt: this.clock.now(), cancelledBy: e.actorId })
        .where(`agreement_id = :id AND status = 'booked'`, { id: e.agreementId })
        .execute();
    });
    // Staff moved the meeting: the appointment follows, so its old slot is free and the owner's list shows the new time.
    this.events.on('agreements.changed', async (e) => {
      const startAt = new Date(e.meetingDate);
      const endAt = e.endDate ? new Date(e.endDate) : new Date(startAt.getTime() + MEETING_WITHOUT_END_MS);
      try {
        await this.appointments
          .createQueryBuilder()
          .update()
          .set({ startAt, endAt })
          .where(`agreement_id = :id AND status = 'booked' AND (start_at <> :startAt OR end_at <> :endAt)`, { id: e.agreementId, startAt, endAt })
          .execute();
      } catch (error) {
        // The staff member already has another appointment starting then: the meeting moved, this record keeps its old
        // time rather than fail the staff member's change (docs/appointments.md, Listing and cancelling).
        if (!isUniqueViolation(error)) throw error;
        this.logger.warn(`Appointment of agreement ${e.agreementId} not moved: its staff member has another appointment at ${e.meetingDate}`);
      }
    });
  }

  /**
   * What a departing staff member's appointments and meetings become (docs/roles.md#removing-a-person): this module
   * answers for both, since a booked appointment is also a meeting and must be counted, moved and told once. An
   * appointment counts while it is booked and not over; a meeting while it is scheduled and not over.
   */
  private reactToRemovals(): void {
    type Row = { id: number; user_id: number; staff_user_id: number | null; subject: string; start_at: Date | string; agreement_id: number | null };
    const COLUMNS = 'id, user_id, staff_user_id, subject, start_at, agreement_id';
    const iso = (d: Date | string) => new Date(d).toISOString();
    const ownMeetings = (appointments: Row[]) => new Set(appointments.flatMap((a) => (a.agreement_id ? [a.agreement_id] : [])));
    const upcoming = (tx: EntityManager, staffId: number, now: Date): Promise<Row[]> =>
      tx.query(`SELECT ${COLUMNS} FROM appointments WHERE staff_user_id = $1 AND status = 'booked' AND end_at > $2`, [staffId, now]);
    const ownerNames = async (rows: { user_id: number }[]) => this.users.namesOf(rows.map((r) => r.user_id));
    this.events.onInTransaction('users.work.counting', async ({ staffId, now, held }, { tx }) => {
      const appointments = await upcoming(tx, staffId, now);
      const mine = ownMeetings(appointments);
      const meetings = (await this.agreements.heldIn(tx, staffId, now)).filter((m) => !mine.has(m.id));
      held.appointments += appointments.length;
      held.meetings += meetings.length;
    });
    this.events.onInTransaction('users.work.handing_over', async ({ from, successorId, now }, { tx, afterCommit }) => {
      let moved: Row[];
      try {
        moved = await returning<Row>(tx, `UPDATE appointments SET staff_user_id = $3, updated_at = $2 WHERE staff_user_id = $1 AND status = 'booked' AND end_at > $2 RETURNING ${COLUMNS}`, [from.id, now, successorId]);
      } catch (error) {
        // The successor already has an appointment starting at the same moment as one of these.
        if (!isUniqueViolation(error)) throw error;
        throw new ConflictException(coded('successor_busy', 'Etterfølgeren har allerede en time samtidig med en av timene. Velg en annen, eller avlys.'));
      }
      const meetings = await this.agreements.handOverIn(tx, from.id, successorId, now);
      const mine = ownMeetings(moved);
      afterCommit(async () => {
        const names = await ownerNames(moved);
        for (const a of moved) {
          await this.events.emit('appointments.handed_over', { appointmentId: a.id, successorId, fromName: from.name, subject: a.subject, start: iso(a.start_at), ownerName: names.get(a.user_id) ?? '' });
        }
        for (const m of meetings.filter((x) => !mine.has(x.id))) {
          await this.events.emit('agreements.handed_over', { agreementId: m.id, userId: m.userId, successorId, fromName: from.name, title: m.title, meetingDate: iso(m.meetingDate) });
        }
      });
    });
    this.events.onInTransaction('users.work.cancelling', async ({ staffId, actorId, now }, { tx, afterCommit }) => {
      const cancelled = await returning<Row>(
        tx,
        `UPDATE appointments SET status = 'cancelled', cancelled_at = $2, cancelled_by = $3, updated_at = $2 WHERE staff_user_id = $1 AND status = 'booked' AND end_at > $2 RETURNING ${COLUMNS}`,
        [staffId, now, actorId],
      );
      const meetings: HeldMeeting[] = await this.agreements.cancelHeldIn(tx, staffId, now);
      const mine = ownMeetings(cancelled);
      afterCommit(async () => {
        // One cancellation mail and one notification per meeting: an appointment's own meeting is told as the appointment.
        await this.agreements.announceWithdrawn(meetings, actorId, mine);
        for (const a of cancelled) await this.events.emit('appointments.withdrawn', { appointmentId: a.id, userId: a.user_id, subject: a.subject, start: iso(a.start_at) });
      });
    });
    this.events.onInTransaction('users.owner.deleting', async ({ ownerId, ownerName, now }, { tx, afterCommit }) => {
      const appointments: Row[] = await tx.query(`SELECT ${COLUMNS} FROM appointments WHERE user_id = $1 AND status = 'booked' AND end_at > $2`, [ownerId, now]);
      const mine = ownMeetings(appointments);
      const meetings = (await this.agreements.ownerMeetingsIn(tx, ownerId, now)).filter((m) => !mine.has(m.id));
      afterCommit(async () => {
        for (const a of appointments) {
          if (a.staff_user_id !== null) await this.events.emit('appointments.owner.removed', { staffUserId: a.staff_user_id, ownerName, subject: a.subject, start: iso(a.start_at) });
        }
        for (const m of meetings) await this.events.emit('agreements.owner.removed', { staffUserId: m.adminId, ownerName, title: m.title, meetingDate: iso(m.meetingDate) });
      });
    });
  }

  /** The free slots of the days from `from` to `to` (business time zone), ordered. */
  async slots(from: string, to: string): Promise<SlotResponse[]> {
    if (from > to) throw new BadRequestException(coded('appointment_range_reversed', '«Fra» kan ikke være etter «til»'));
    if (daysBetween(from, to).length > MAX_RANGE_DAYS) throw new BadRequestException(coded('appointment_range_too_long', `Perioden kan ikke være lengre enn ${MAX_RANGE_DAYS} dager`, { max: MAX_RANGE_DAYS }));
    return (await this.slotsWithStaff(from, to)).filter((s) => s.free.length).map(({ slot }) => ({ start: new Date(slot.start).toISOString(), end: new Date(slot.end).toISOString() }));
  }

  async book(owner: SessionUser, dto: CreateAppointmentDto): Promise<AppointmentView> {
    if (isStaff(owner)) throw new ForbiddenException(coded('appointment_owner_only', 'Bare eiere kan bestille time'));
    const start = new Date(dto.start).getTime();
    const day = dayIn(start, this.config.businessTimeZone);
    const found = (await this.slotsWithStaff(day, day)).find((s) => s.slot.start === start);
    if (!found) throw new BadRequestException(coded('appointment_slot_invalid', 'Tidspunktet er ikke en ledig time'));
    const { slot } = found;
    const phone = dto.phone?.trim() || (await this.phoneOf(owner.id));
    const description = dto.description?.trim() || null;
    const maxUpcoming = await this.settings.count(MAX_UPCOMING_APPOINTMENTS, DEFAULT_MAX_UPCOMING_APPOINTMENTS);
    for (const staffUserId of found.free) {
      const booked = await this.database.transaction(async (tx) => {
        // The owner's bookings one at a time: two pressed at once both counting the same number would pass together.
        await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_OWNER_BOOKINGS, owner.id]);
        const [{ n }]: { n: number }[] = await tx.query(
          `SELECT count(*)::int AS n FROM appointments WHERE user_id = $1 AND status = 'booked' AND end_at > $2`,
          [owner.id, this.clock.now()],
        );
        if (n >= maxUpcoming) {
          throw new ConflictException(coded('appointment_limit', `Du kan ha høyst ${maxUpcoming} kommende timer. Avlys en av dem før du bestiller en ny.`, { max: maxUpcoming }));
        }
        const rows: { id: number }[] = await tx.query(
          `INSERT INTO appointments (user_id, staff_user_id, start_at, end_at, status, subject, description, location, phone)
           VALUES ($1, $2, $3, $4, 'booked', $5, $6, $7, $8)
           ON CONFLICT (staff_user_id, start_at) WHERE status = 'booked' DO NOTHING
           RETURNING id`,
          [owner.id, staffUserId, new Date(slot.start), new Date(slot.end), dto.subject, description, dto.location, phone],
        );
        if (!rows.length) return null;
        const agreement = await this.agreements.insertBooked(tx, {
          staffUserId,
          ownerId: owner.id,
          title: dto.subject,
          description,
          start: new Date(slot.start),
          end: new Date(slot.end),
          location: PLACE_NAMES[dto.location] + (dto.location === 'phone' && phone ? ` (${phone})` : ''),
        });
        await tx.query('UPDATE appointments SET agreement_id = $1 WHERE id = $2', [agreement.id, rows[0].id]);
        return rows[0].id;
      });
      if (booked === null) continue;
      const view = await this.get(owner, booked);
      await this.agreements.announceBooked(view.appointment.agreementId!, this.staffLink(booked));
      await this.events.emit('appointments.booked', this.eventOf(view, owner.id));
      return view;
    }
    throw slotTaken();
  }

  /** One page: every appointment for staff (optionally one owner's), the viewer's own for anyone else. */
  async list(viewer: SessionUser, query: ListQuery): Promise<{ rows: AppointmentView[]; total: number }> {
    const qb = this.appointments.createQueryBuilder('a').leftJoin('users', 'u', 'u.id = a.user_id');
    if (!isStaff(viewer)) qb.where('a.userId = :viewerId', { viewerId: viewer.id });
    const page = await findPage(qb, query, {
      sortable: {
        ...Object.fromEntries(['id', 'userId', 'staffUserId', 'status', 'subject', 'location', 'createdAt'].map((p) => [p, `a.${p}`])),
        start: 'a.startAt',
        end: 'a.endAt',
        userName: 'u.name',
      },
      filters: {
        q: (b, q) => b.andWhere('(a.subject ILIKE :q OR a.description ILIKE :q OR u.name ILIKE :q)', { q: containing(q) }),
        id: (b, id) => whereIdIn(b, 'a.id', id, 'ids'),
        userId: (b, id) => whereIdIn(b, 'a.userId', id, 'userIds'),
        staffUserId: (b, id) => whereIdIn(b, 'a.staffUserId', id, 'staffUserIds'),
        status: (b, status) => b.andWhere('a.status = :status', { status: String(status) }),
        // The owner's page: what is still to come (an end after now).
        upcoming: (b, upcoming) => {
          if (upcoming === true || upcoming === 'true') b.andWhere('a.endAt > :now', { now: this.clock.now() });
        },
      },
      key: 'a.id',
    });
    const rows = query.sort ? page.rows : [...page.rows].sort((x, y) => y.startAt.getTime() - x.startAt.getTime() || y.id - x.id);
    return { rows: await this.withNames(rows), total: page.total };
  }

  async get(viewer: SessionUser, id: number): Promise<AppointmentView> {
    return (await this.withNames([await this.readable(viewer, id)]))[0];
  }

  /**
   * Cancels: the owner their own until two hours before, admins any time, mini admins never (they only read). The
   * slot is free at once (the unique index holds booked rows only); the meeting is cancelled and both sides mailed.
   */
  async cancel(viewer: SessionUser, id: number): Promise<AppointmentView> {
    const a = await this.readable(viewer, id);
    if (!viewer.isAdmin && isStaff(viewer)) throw new ForbiddenException(coded('read_only', 'Kun lesing'));
    if (a.status !== 'booked') throw new ConflictException(coded('appointment_already_cancelled', 'Timen er allerede avlyst'));
    const now = this.clock.now();
    if (!viewer.isAdmin && a.startAt.getTime() - now.getTime() < MIN_NOTICE_MS) {
      throw new ConflictException(coded('appointment_cancel_too_late', 'Timen kan ikke avlyses senere enn to timer før. Ta kontakt med oss.'));
    }
    const claimed = await this.appointments
      .createQueryBuilder()
      .update()
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: viewer.id })
      .where(`id = :id AND status = 'booked'`, { id })
      .returning(['id'])
      .execute();
    // Cancelled by someone else a moment ago: one cancellation is told, not two.
    if (!(claimed.raw as unknown[]).length) throw new ConflictException(coded('appointment_already_cancelled', 'Timen er allerede avlyst'));
    const view = await this.get(viewer, id);
    if (a.agreementId) await this.agreements.cancelBooked(a.agreementId, this.staffLink(id));
    await this.events.emit('appointments.cancelled', this.eventOf(view, viewer.id));
    return view;
  }

  /** Each slot of the days (within the booking window, not closed) with the staff members free in it. */
  private async slotsWithStaff(from: string, to: string): Promise<{ slot: Slot; free: number[] }[]> {
    const zone = this.config.businessTimeZone;
    const now = this.clock.now().getTime();
    const earliest = now + MIN_NOTICE_MS;
    const latest = now + MAX_AHEAD_MS;
    const first = [from, dayIn(earliest, zone)].sort()[1];
    const last = [to, dayIn(latest, zone)].sort()[0];
    if (first > last) return [];
    const closedDays = new Set(
      (await this.db.query(`SELECT to_char(date, 'YYYY-MM-DD') AS day FROM appointment_closed_dates WHERE date BETWEEN $1 AND $2`, [first, last]) as { day: string }[]).map((r) => r.day),
    );
    const days = daysBetween(first, last).filter((d) => !closedDays.has(d));
    const slots = slotsOn(days, await this.ranges(), await this.slotMinutes(), zone).filter((s) => s.start >= earliest && s.start <= latest);
    if (!slots.length) return [];
    const busy = await this.busy([...new Set(slots.flatMap((s) => s.staff))], slots[0].start, slots[slots.length - 1].end);
    return slots.map((slot) => ({ slot, free: freeStaff(slot, busy) }));
  }

  /** The weekly ranges with their staff members who are still staff and not blocked. */
  private async ranges(): Promise<HoursRange[]> {
    const rows = await this.hours.find({ order: { weekday: 'ASC', startTime: 'ASC', id: 'ASC' } });
    const ids = [...new Set(rows.flatMap((r) => r.staffUserIds))];
    const staff = new Set(await this.users.staffAmong(ids, true));
    return rows.map((r) => ({ weekday: r.weekday, startTime: r.startTime, endTime: r.endTime, staff: r.staffUserIds.filter((id) => staff.has(id)) }));
  }

  /** The slot length staff set, or the default (a stored value out of bounds counts as unset). */
  private async slotMinutes(): Promise<number> {
    const minutes = await this.settings.count(SLOT_MINUTES, DEFAULT_SLOT_MINUTES);
    return minutes >= SLOT_MINUTES_MIN && minutes <= SLOT_MINUTES_MAX ? minutes : DEFAULT_SLOT_MINUTES;
  }

  /** What the staff members have between two instants: booked appointments and scheduled meetings they hold. */
  private async busy(staff: number[], from: number, to: number): Promise<Busy[]> {
    if (!staff.length) return [];
    const rows: { staff: number; start: Date | string; end: Date | string }[] = await this.db.query(
      `SELECT staff_user_id AS staff, start_at AS start, end_at AS "end" FROM appointments
        WHERE status = 'booked' AND staff_user_id = ANY($1) AND start_at < $3 AND end_at > $2`,
      [staff, new Date(from), new Date(to)],
    );
    const meetings = await this.agreements.heldMeetings(staff, new Date(from), new Date(to));
    return [
      ...rows.map((r) => ({ staffUserId: r.staff, start: new Date(r.start).getTime(), end: new Date(r.end).getTime() })),
      ...meetings.map((m) => ({ staffUserId: m.staffUserId, start: m.start.getTime(), end: m.end.getTime() })),
    ];
  }

  private async readable(viewer: SessionUser, id: number): Promise<Appointment> {
    const a = await this.appointments.findOneBy({ id });
    if (!a || (!isStaff(viewer) && a.userId !== viewer.id)) throw notFound();
    return a;
  }

  private async phoneOf(userId: number): Promise<string | null> {
    return (await this.users.findById(userId))?.phoneNumber || null;
  }

  private staffLink(id: number): string {
    return `${this.config.publicUrl}/admin/appointments/${id}/show`;
  }

  private eventOf(view: AppointmentView, actorId: number) {
    const a = view.appointment;
    return { appointmentId: a.id, userId: a.userId, staffUserId: a.staffUserId, actorId, subject: a.subject, start: a.startAt.toISOString(), ownerName: view.userName ?? '' };
  }

  private async withNames(rows: Appointment[]): Promise<AppointmentView[]> {
    const names = await this.users.namesOf(rows.flatMap((a) => (a.staffUserId === null ? [a.userId] : [a.userId, a.staffUserId])));
    return rows.map((appointment) => ({ appointment, userName: names.get(appointment.userId) ?? null, staffName: appointment.staffUserId === null ? null : (names.get(appointment.staffUserId) ?? null) }));
  }
}
