import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { EXTERNAL_BOOKING_COLOR } from '../bookings/external-booking.dto';
import { externalBookingsJsonSql, isExternalBookingId } from '../bookings/external-booking.types';
import { ExternalBookingsService } from '../bookings/external-bookings.service';
import { EventBus } from '../common/events/domain-events';
import { conflictsJsonSql } from '../conflicts/conflicts.types';
import type { CalendarConflictResponse } from '../conflicts/conflicts.dto';
import { coded } from '../common/http-exception.filter';
import { parseId } from '../common/ids';
import type { RequestContext } from '../common/request-context';
import type { User } from '../users/user.entity';
import { CreateEventDto, DEFAULT_EVENT_COLOR, DEFAULT_MARKER_COLOR, isBinding, isOwnerStay, mapEvent, MarkedDayDto, UpdateEventDto, UpdateMarkedDayDto } from './calendar.dto';
import { DateRange, dayOf } from '../common/time/date-range';
import { isoDateSql, isoTimestampSql, jsonArraySql } from '../common/time/iso-sql';
import { CalendarEvent } from './event.entity';
import { ExternalBookingNote } from './external-booking-note.entity';
import { MarkedDay } from './marked-day.entity';
import { DatabasePort } from '../database/database.port';
import type { Property } from '../properties/property.entity';
import { handOverToHeirSql, memberPropertySql } from '../properties/properties.types';
import { StaysService, type StayVerdict } from '../stays/stays.service';
import type { Approval } from '../stays/stays.types';
import './calendar.events';

const HOUR_MS = 3_600_000;

/** What a stay's check needs of its property: its id and the time zone its days are counted in. */
type StayProperty = Pick<Property, 'id' | 'timezone'>;

/** What notes need of a property: its id, and the person whose imported bookings its calendar shows. */
type NotedProperty = Pick<Property, 'id'>;

/**
 * What staff who name no property and hold none read: no rows (no property has id 0), their own calendar empty as it
 * was before properties, until they write to it (PropertyAccess makes them one then).
 */
export const NO_PROPERTY: NotedProperty = { id: 0 };
export const BOOKING_NOT_DELETABLE = 'Kan ikke slette booking';
const BINDING_NOT_EDITABLE = 'Bookingen er bindende og kan ikke endres';

/**
 * An own event's id from the API path. External bookings ('ical-…', 'beds24-…') are owned by their source: binding,
 * so changing or deleting one is refused with `refusal`, whether or not it exists.
 */
function ownEventId(apiId: string, refusal: { code: string; message: string }): number {
  if (isExternalBookingId(apiId)) throw new ConflictException(coded(refusal.code, refusal.message));
  const id = parseId(apiId);
  if (id === undefined) throw new BadRequestException(coded('invalid_event_id', 'Ugyldig hendelses-ID'));
  return id;
}

/** An event without an end (or ending at its start) counts as one hour. */
function endsAtOf(start: Date, end: Date | null): Date {
  return end && end > start ? end : new Date(start.getTime() + HOUR_MS);
}

/**
 * The calendar read's lists as JSON built by the database, in one statement each: the answers of mapEvent and
 * mapMarkedDay (same keys, values and order), without an entity or a response object per row. `property` is the
 * property id's SQL ($1, or the member's property in the window's statement), $2/$3 the window, $4/$5 the marked
 * days' date bounds (markedDayBounds).
 */
const eventsJson = (property: string) => jsonArraySql(`
  SELECT e.id, e.user_id AS "userId", e.title, e.description, ${isoTimestampSql('e.start_time')} AS "startTime", ${isoTimestampSql('e.end_time')} AS "endTime",
    e.all_day AS "allDay", e.color, e.admin_color_override AS "adminColorOverride", e.routes, e.source, e.location,
    -- isBinding: Boolean(source) || csvProtected, as JavaScript reads the jsonb value
    ((e.source IS NOT NULL AND e.source NOT IN ('null', 'false', '0', '""')) OR e.csv_protected) AS "isBinding",
    e.created_by_id AS "createdById", e.awaiting_approval AS "awaitingApproval", ${isoTimestampSql('e.created_at')} AS "createdAt", ${isoTimestampSql('e.updated_at')} AS "updatedAt"
  FROM events e
  WHERE e.property_id = ${property} AND tstzrange(e.start_time, e.ends_at, '[)') && tstzrange($2, $3, '[)')
  ORDER BY e.start_time, e.id`);

const markedDaysJson = (property: string, from: string, to: string) =>
  jsonArraySql(`
  SELECT d.id, d.user_id AS "userId", ${isoDateSql('d.date')} AS date, d.marker_type AS "markerType", d.color, d.notes
  FROM marked_days d WHERE d.property_id = ${property} AND d.date >= ${from}::date AND d.date < ${to}::date
  ORDER BY d.date`);

const EVENTS_JSON_SQL = `SELECT ${eventsJson('$1')}::text AS json`;
const MARKED_DAYS_JSON_SQL = `SELECT ${markedDaysJson('$1', '$2', '$3')}::text AS json`;
/**
 * GET /api/calendar-window: the three lists and the stored double bookings in one statement, one round trip, with the property's window version read
 * in the same snapshot (so the ETag names exactly this answer). $6 is EXTERNAL_BOOKING_COLOR.
 */
const windowJsonSql = (property: string) => `SELECT (SELECT version FROM calendar_window_versions WHERE property_id = ${property})::text AS version, json_build_object(
    'events', ${eventsJson(property)},
    'markedDays', ${markedDaysJson(property, '$4', '$5')},
    'feedEvents', ${externalBookingsJsonSql({ propertyId: property, start: '$2', end: '$3', color: '$6' })},
    'conflicts', ${conflictsJsonSql({ propertyId: property, from: '$4', to: '$5' })})::text AS json`;
const WINDOW_JSON_SQL = windowJsonSql('$1');

/**
 * The window of the property a member reads ($1 the person, $7 the property they named, if any), found in the same
 * statement: a member's window and its revalidation stay one round trip each. `property_id` null: no membership
 * answers, and PropertyAccess decides (staff, strangers, a first property still to make).
 */
const memberWindowSql = (named: boolean) => `SELECT prop.id AS property_id, w.version, w.json
  FROM (SELECT ${memberPropertySql('$1', named ? '$7' : null)} AS id) prop CROSS JOIN LATERAL (${windowJsonSql('prop.id')}) w`;
const MEMBER_WINDOW_SQL = { first: memberWindowSql(false), named: memberWindowSql(true) };

const WINDOW_VERSION_SQL = 'SELECT version::text AS version FROM calendar_window_versions WHERE property_id = $1';
const memberWindowVersionSql = (named: boolean) => `SELECT prop.id AS property_id,
    (SELECT version::text FROM calendar_window_versions WHERE property_id = prop.id) AS version
  FROM (SELECT ${memberPropertySql('$1', named ? '$2' : null)} AS id) prop`;
const MEMBER_WINDOW_VERSION_SQL = { first: memberWindowVersionSql(false), named: memberWindowVersionSql(true) };
type WindowRow = { property_id: number | null; version: string | null; json: string };
type VersionRow = { property_id: number | null; version: string | null };

/** The window's `conflicts` alone, for staff reading an owner's calendar: $1 the property, $2/$3 the days. */
const CONFLICTS_JSON_SQL = `SELECT ${conflictsJsonSql({ propertyId: '$1', from: '$2', to: '$3' })}::text AS json`;

/** A leaving person's events, marks and notes in properties that others share pass to another member (handOverToHeirSql). */
const HANDED_TO_HEIR = ['events', 'marked_days', 'external_booking_notes'].map(handOverToHeirSql);

/** The days a calendar range touches ([start, end) in UTC), as marked_days date bounds: from inclusive, to exclusive. */
function markedDayBounds(range: DateRange): { from: string; to: string } {
  return { from: dayOf(range.start), to: dayOf(new Date(range.end.getTime() + 86_399_999)) };
}

/** What the bus hears of an admin's change to an event (emitted after the change committed): `userId` is whom it was made for. */
const adminChange = (admin: User, event: CalendarEvent) => ({ userId: event.userId, actorId: admin.id, eventId: event.id, title: event.title, startTime: event.startTime.toISOString() });

/**
 * Events, marked days and notes on bookings, all of one property (docs/product/calendar.md): the controllers resolve the
 * property through PropertyAccess; here every read and write is by its id (the owned* helpers keep to it).
 */
@Injectable()
export class CalendarService {
  constructor(
    @InjectRepository(CalendarEvent) private readonly events: Repository<CalendarEvent>,
    @InjectRepository(MarkedDay) private readonly markedDays: Repository<MarkedDay>,
    @InjectRepository(ExternalBookingNote) private readonly notes: Repository<ExternalBookingNote>,
    private readonly db: DataSource,
    private readonly database: DatabasePort,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
    private readonly externalBookings: ExternalBookingsService,
    private readonly stays: StaysService,
  ) {}

  /**
   * A person who leaves with their account leaves a shared property's calendar whole: their events, marks and notes
   * there pass to another member (HANDED_TO_HEIR) before the account's deletion takes the rest with it.
   */
  onModuleInit(): void {
    this.bus.onInTransaction('users.owner.deleting', async ({ ownerId }, { tx }) => {
      for (const statement of HANDED_TO_HEIR) await tx.query(statement, [ownerId]);
    });
    // Staff's decision on a waiting stay (docs/product/stays.md#stays-as-requests): approved, it stops waiting; declined, it leaves the calendar.
    this.bus.onInTransaction('stays.request.deciding', async ({ propertyId, eventId, decision }, { tx, afterCommit }) => {
      if (decision === 'approved') await tx.update(CalendarEvent, { id: eventId }, { awaitingApproval: false, sequence: () => 'sequence + 1' });
      else await tx.delete(CalendarEvent, { id: eventId });
      afterCommit(() => this.ownEventsChanged(propertyId));
    });
  }

  // ---- events ----

  /** A property's (or several properties') events overlapping the range, answered from the (property, time range) GiST index. */
  listEvents(properties: number | readonly number[], range: DateRange): Promise<CalendarEvent[]> {
    return this.eventsIn('e.propertyId IN (:...ids)', { ids: [properties].flat() }, range);
  }

  private eventsIn(where: string, params: Record<string, number | number[]>, range: DateRange): Promise<CalendarEvent[]> {
    return this.events
      .createQueryBuilder('e')
      .where(where, params)
      .andWhere(`tstzrange(e.startTime, e.endsAt, '[)') && tstzrange(:start, :end, '[)')`, range)
      .orderBy('e.startTime', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .getMany();
  }

  /** listEvents' answer as JSON text (EventResponse[]), built by the database. */
  async listEventsJson(propertyId: number, range: DateRange): Promise<string> {
    const [row] = await this.db.query(EVENTS_JSON_SQL, [propertyId, range.start, range.end]);
    return row.json;
  }

  /** The calendar page's window in one statement: CalendarWindowResponse as JSON text, and the version it is of. */
  async window(propertyId: number, range: DateRange): Promise<{ json: string; version: string }> {
    const { from, to } = markedDayBounds(range);
    const [row] = await this.db.query(WINDOW_JSON_SQL, [propertyId, range.start, range.end, from, to, EXTERNAL_BOOKING_COLOR]);
    return { json: row.json, version: row.version ?? '0' };
  }

  /**
   * The window of the property the member reads (the named one, else their first) with its id, in one statement; null
   * when the person is no member of it (PropertyAccess decides then, and `window` answers).
   */
  async memberWindow(userId: number, propertyId: number | undefined, range: DateRange): Promise<{ propertyId: number; json: string; version: string } | null> {
    const { from, to } = markedDayBounds(range);
    const params: unknown[] = [userId, range.start, range.end, from, to, EXTERNAL_BOOKING_COLOR];
    const [row] =
      propertyId === undefined
        ? await this.database.queryPlanned<WindowRow>('calendar_member_window_first', MEMBER_WINDOW_SQL.first, params)
        : await this.database.queryPlanned<WindowRow>('calendar_member_window_named', MEMBER_WINDOW_SQL.named, [...params, propertyId]);
    return row?.property_id == null ? null : { propertyId: Number(row.property_id), json: row.json, version: row.version ?? '0' };
  }

  /** `windowVersion` of the property the member reads, with its id, in one statement; null as for memberWindow. */
  async memberWindowVersion(userId: number, propertyId: number | undefined): Promise<{ propertyId: number; version: string } | null> {
    const [row] =
      propertyId === undefined
        ? await this.database.queryPlanned<VersionRow>('calendar_member_window_version_first', MEMBER_WINDOW_VERSION_SQL.first, [userId])
        : await this.database.queryPlanned<VersionRow>('calendar_member_window_version_named', MEMBER_WINDOW_VERSION_SQL.named, [userId, propertyId]);
    return row?.property_id == null ? null : { propertyId: Number(row.property_id), version: row.version ?? '0' };
  }

  /** The property's open double bookings touching the range's days, as the window answers them (for staff's view of the calendar). */
  async conflicts(propertyId: number, range: DateRange): Promise<CalendarConflictResponse[]> {
    const { from, to } = markedDayBounds(range);
    const [row] = await this.db.query(CONFLICTS_JSON_SQL, [propertyId, from, to]);
    return JSON.parse(row.json) as CalendarConflictResponse[];
  }

  /**
   * The property's window version alone: one primary-key read, what a revalidation of GET /api/calendar-window costs.
   * Triggers give it a new value on every write to what the window shows (migrations 1765830000000, 1766100000000);
   * '0' until the first such write.
   */
  async windowVersion(propertyId: number): Promise<string> {
    const [row] = await this.db.query(WINDOW_VERSION_SQL, [propertyId]);
    return row?.version ?? '0';
  }

  private async ownedEvent(propertyId: number, id: number): Promise<CalendarEvent> {
    const event = await this.events.findOneBy({ id, propertyId });
    // Another property's event answers like a missing one: its existence is nobody else's business.
    if (!event) throw new NotFoundException(coded('event_not_found', 'Hendelsen finnes ikke'));
    return event;
  }

  private async anyEvent(id: number): Promise<CalendarEvent> {
    const event = await this.events.findOneBy({ id });
    if (!event) throw new NotFoundException(coded('event_not_found', 'Hendelsen finnes ikke'));
    return event;
  }

  private buildEvent(propertyId: number, userId: number, dto: CreateEventDto, createdById: number | null): CalendarEvent {
    const start = new Date(dto.startTime);
    const end = dto.endTime ? new Date(dto.endTime) : null;
    if (end && end < start) throw new BadRequestException({ ...coded('end_before_start', 'Sluttid kan ikke være før starttid'), errors: [{ field: 'endTime', message: 'Sluttid kan ikke være før starttid' }] });
    return this.events.create({
      propertyId,
      userId,
      title: dto.title,
      description: dto.description ?? null,
      startTime: start,
      endTime: end,
      endsAt: endsAtOf(start, end),
      allDay: dto.allDay ?? false,
      color: dto.color ?? DEFAULT_EVENT_COLOR,
      routes: dto.routes ?? [],
      source: dto.source ?? null,
      location: dto.location ?? null,
      createdById,
    });
  }

  /**
   * An event the user puts in the property's calendar. A `source` marks a binding event that nobody may delete, so only the admin route may set
   * it; here it is dropped, and the owner can always remove what they created. Bookings owned by an outside system
   * (Beds24, iCal feeds) are not events: they live in the external bookings store.
   */
  async createEvent(user: User, property: StayProperty, dto: CreateEventDto): Promise<CalendarEvent> {
    // Staff's events are marked as theirs (createdById): no owner's stay, so neither checked nor counted as one.
    const event = this.buildEvent(property.id, user.id, { ...dto, source: null }, user.isAdmin ? user.id : null);
    event.awaitingApproval = (await this.checkStay(user, property, event)) === 'request';
    const created = user.isAdmin ? await this.saveStaffEvent(user, property, event) : await this.saveOwn(user, property, event, event.awaitingApproval);
    await this.eventSaved('created', created);
    await this.ownEventsChanged(property.id);
    return created;
  }

  /** Staff's event in a property's calendar, outside its stay rules (docs/product/stays.md#the-check): an activity row says so. */
  private saveStaffEvent(admin: User, property: StayProperty, event: CalendarEvent): Promise<CalendarEvent> {
    return this.database.transaction(async (tx) => {
      const saved = await tx.save(event);
      await this.audit.record(admin.id, null, 'event.create', { eventId: saved.id, title: saved.title, propertyId: property.id }, tx);
      return saved;
    });
  }

  /**
   * An owner's or co-owner's own stay keeps to the property's rules (docs/product/stays.md), counted with the property's
   * other owner stays (events staff made are none, waiting ones are); staff's events are not limited. Answers whether
   * it is saved at once or held for staff's approval.
   */
  private checkStay(user: User, property: StayProperty, event: CalendarEvent): Promise<Approval> {
    if (user.isAdmin || !isOwnerStay(event)) return Promise.resolve('instant');
    return this.stays.check(property, event.startTime, event.endsAt, this.otherOwnerStays(property, event.id));
  }

  /** The property's owner stays in a span, but the one with `exceptId` (the stay being checked or moved). */
  private otherOwnerStays(property: StayProperty, exceptId: number | undefined) {
    return async (span: DateRange) => (await this.listEvents(property.id, span)).filter((e) => e.id !== exceptId && isOwnerStay(e));
  }

  /**
   * What the property's rules say of a stay before it is sent (the create dialog): its nights, the rules it would
   * break and whether it would wait for approval. `exceptId` is the stay being moved, not counted twice.
   */
  async stayVerdict(user: User, property: StayProperty, start: Date, end: Date | null, exceptId?: number): Promise<StayVerdict> {
    const verdict = await this.stays.verdict(property, start, endsAtOf(start, end), this.otherOwnerStays(property, exceptId));
    // Staff's events are not limited.
    return user.isAdmin ? { ...verdict, breaches: [], approval: 'instant' } : verdict;
  }

  /**
   * Saves an own event. A stay held for approval (`request`: new, or moved while the rules ask for approval) opens or
   * changes its request in the same transaction, and staff hear of it after the commit.
   */
  private async saveOwn(user: User, property: StayProperty, event: CalendarEvent, request: boolean): Promise<CalendarEvent> {
    if (!request) return this.events.save(event);
    const { saved, held } = await this.database.transaction(async (tx) => {
      const saved = await tx.save(event);
      const held = await this.stays.request(tx, { propertyId: property.id, eventId: saved.id, requestedById: user.id, title: saved.title, startTime: saved.startTime, endsAt: saved.endsAt, zone: property.timezone });
      return { saved, held };
    });
    await this.stays.announce(held, user);
    return saved;
  }

  /** After the commit: an event of a property's calendar was made, changed or deleted, told with the API's answer for it. */
  private eventSaved(change: 'created' | 'updated' | 'deleted', event: CalendarEvent): Promise<void> {
    return this.bus.emit('calendar.event.saved', { propertyId: event.propertyId, change, event: mapEvent(event) });
  }

  /** After the commit: own events count in double-booking detection (docs/architecture.md "Double bookings"). */
  private ownEventsChanged(propertyId: number): Promise<void> {
    return this.bus.emit('calendar.events.changed', { propertyId });
  }

  /** An admin puts an event in a user's calendar (their first property); the action is recorded with it. */
  async createEventFor(admin: User, userId: number, propertyId: number, dto: CreateEventDto, context?: RequestContext): Promise<CalendarEvent> {
    const created = await this.database.transaction(async (tx) => {
      const event = await tx.save(this.buildEvent(propertyId, userId, dto, admin.id));
      if (userId !== admin.id) await this.audit.record(admin.id, userId, 'event.create', { eventId: event.id, title: event.title }, tx, context);
      return event;
    });
    await this.bus.emit('calendar.event.created', adminChange(admin, created));
    await this.eventSaved('created', created);
    await this.ownEventsChanged(propertyId);
    return created;
  }

  /** Saves a change to an own event; `requested`: the change moved a stay that now waits for approval. */
  async updateEvent(user: User, property: StayProperty, apiId: string, dto: UpdateEventDto): Promise<{ event: CalendarEvent; requested: boolean }> {
    const propertyId = property.id;
    const event = await this.ownedEvent(propertyId, ownEventId(apiId, { code: 'booking_not_editable', message: BINDING_NOT_EDITABLE }));
    if (isBinding(event)) throw new ConflictException(coded('booking_not_editable', BINDING_NOT_EDITABLE));
    if (dto.title !== undefined) event.title = dto.title;
    if (dto.description !== undefined) event.description = dto.description;
    if (dto.startTime !== undefined) event.startTime = new Date(dto.startTime);
    if (dto.endTime !== undefined) event.endTime = dto.endTime ? new Date(dto.endTime) : null;
    if (event.endTime && event.endTime < event.startTime) throw new BadRequestException({ ...coded('end_before_start', 'Sluttid kan ikke være før starttid'), errors: [{ field: 'endTime', message: 'Sluttid kan ikke være før starttid' }] });
    if (dto.allDay !== undefined) event.allDay = dto.allDay;
    if (dto.color !== undefined) event.color = dto.color;
    if (dto.routes !== undefined) event.routes = dto.routes;
    if (dto.location !== undefined) event.location = dto.location;
    event.endsAt = endsAtOf(event.startTime, event.endTime);
    // A stay moved or made longer is checked again (and, where the rules ask for it, waits for approval again); a new title is not.
    const moved = dto.startTime !== undefined || dto.endTime !== undefined;
    // A stay that waits keeps waiting when moved, its request following it.
    const request = moved && ((await this.checkStay(user, property, event)) === 'request' || event.awaitingApproval);
    if (request) event.awaitingApproval = true;
    event.sequence += 1;
    const saved = await this.saveOwn(user, property, event, request);
    await this.eventSaved('updated', saved);
    await this.ownEventsChanged(propertyId);
    return { event: saved, requested: request };
  }

  async deleteOwnEvent(propertyId: number, apiId: string): Promise<CalendarEvent> {
    const event = await this.ownedEvent(propertyId, ownEventId(apiId, { code: 'booking_not_deletable', message: `${BOOKING_NOT_DELETABLE}: bookingen er bindende` }));
    if (isBinding(event)) throw new ConflictException(coded('booking_not_deletable', `${BOOKING_NOT_DELETABLE}: bookingen er bindende`));
    await this.database.transaction(async (tx) => {
      // A stay that waited for approval takes its request back with it.
      if (event.awaitingApproval) await this.stays.withdraw(tx, event.id);
      await tx.delete(CalendarEvent, { id: event.id });
    });
    await this.eventSaved('deleted', event);
    await this.ownEventsChanged(propertyId);
    return event;
  }

  /** Admin delete by API id; external bookings ('ical-…', 'beds24-…') and binding events are refused. */
  async adminDeleteEvent(admin: User, apiId: string, context?: RequestContext): Promise<CalendarEvent> {
    const id = ownEventId(apiId, { code: 'imported_booking_not_deletable', message: `${BOOKING_NOT_DELETABLE}: deaktiver kalenderfeeden i stedet` });
    const deleted = await this.database.transaction(async (tx) => {
      const event = await tx.findOneBy(CalendarEvent, { id });
      if (!event) throw new NotFoundException(coded('event_not_found', 'Hendelsen finnes ikke'));
      if (isBinding(event)) throw new ConflictException(coded('booking_not_deletable', `${BOOKING_NOT_DELETABLE}: bookingen er bindende`));
      if (event.awaitingApproval) await this.stays.withdraw(tx, id);
      await tx.delete(CalendarEvent, { id });
      await this.audit.record(admin.id, event.userId, 'event.delete', { eventId: id, title: event.title }, tx, context);
      return event;
    });
    await this.bus.emit('calendar.event.deleted', adminChange(admin, deleted));
    await this.eventSaved('deleted', deleted);
    await this.ownEventsChanged(deleted.propertyId);
    return deleted;
  }

  async adminSetColor(admin: User, id: number, color: string, context?: RequestContext): Promise<CalendarEvent> {
    const recolored = await this.database.transaction(async (tx) => {
      const event = await tx.findOneBy(CalendarEvent, { id });
      if (!event) throw new NotFoundException(coded('event_not_found', 'Hendelsen finnes ikke'));
      const previous = event.adminColorOverride ?? event.color;
      event.adminColorOverride = color;
      const saved = await tx.save(event);
      await this.audit.record(admin.id, event.userId, 'event.color', { eventId: id, from: previous, to: color }, tx, context);
      return saved;
    });
    await this.bus.emit('calendar.event.recolored', { ...adminChange(admin, recolored), color });
    await this.eventSaved('updated', recolored);
    return recolored;
  }

  async getEvent(id: number): Promise<CalendarEvent> {
    return this.anyEvent(id);
  }

  // ---- marked days ----

  listMarkedDays(properties: number | readonly number[], range: DateRange): Promise<MarkedDay[]> {
    return this.markedDays
      .createQueryBuilder('d')
      .where('d.propertyId IN (:...ids) AND d.date >= :from AND d.date < :to', { ids: [properties].flat(), ...markedDayBounds(range) })
      .orderBy('d.date', 'ASC')
      .getMany();
  }

  /** listMarkedDays' answer as JSON text (MarkedDayResponse[]), built by the database. */
  async listMarkedDaysJson(propertyId: number, range: DateRange): Promise<string> {
    const { from, to } = markedDayBounds(range);
    const [row] = await this.db.query(MARKED_DAYS_JSON_SQL, [propertyId, from, to]);
    return row.json;
  }

  private async ownedMarkedDay(propertyId: number, id: number): Promise<MarkedDay> {
    const day = await this.markedDays.findOneBy({ id, propertyId });
    if (!day) throw new NotFoundException(coded('marked_day_not_found', 'Markeringen finnes ikke'));
    return day;
  }

  /** One mark per property and date: a second is refused, whoever marked the first. */
  async createMarkedDay(user: User, propertyId: number, dto: MarkedDayDto): Promise<MarkedDay> {
    if (await this.markedDays.existsBy({ propertyId, date: dto.date })) throw new ConflictException(coded('day_already_marked', 'Dagen er allerede markert'));
    return this.markedDays.save(this.markedDays.create({ propertyId, userId: user.id, date: dto.date, markerType: dto.markerType, color: dto.color ?? DEFAULT_MARKER_COLOR, notes: dto.notes ?? null }));
  }

  async updateMarkedDay(propertyId: number, id: number, dto: UpdateMarkedDayDto): Promise<MarkedDay> {
    const day = await this.ownedMarkedDay(propertyId, id);
    if (dto.date !== undefined && dto.date !== day.date && (await this.markedDays.existsBy({ propertyId, date: dto.date }))) {
      throw new ConflictException(coded('day_already_marked', 'Dagen er allerede markert'));
    }
    Object.assign(day, Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined)));
    return this.markedDays.save(day);
  }

  async deleteMarkedDay(propertyId: number, id: number): Promise<MarkedDay> {
    const day = await this.ownedMarkedDay(propertyId, id);
    await this.markedDays.delete({ id });
    return day;
  }

  // ---- notes on external bookings of any source (shared by the property's members) ----

  /**
   * A note is written on a booking in the property's calendar: a booking stored for another calendar answers as
   * missing. An id that names no stored booking is let through, as a note outlives a booking that left its source for
   * a while.
   */
  private async refuseOthersBooking(property: NotedProperty, eventExternalId: string): Promise<void> {
    const holder = await this.externalBookings.propertyOf(eventExternalId);
    if (holder !== null && holder !== property.id) throw new NotFoundException(coded('booking_not_found', 'Bookingen finnes ikke'));
  }

  async noteFor(property: NotedProperty, eventExternalId: string): Promise<ExternalBookingNote | null> {
    await this.refuseOthersBooking(property, eventExternalId);
    return this.notes.findOneBy({ propertyId: property.id, eventExternalId });
  }

  /** One note per property and booking: a second create updates the first. */
  async saveNote(user: User, property: NotedProperty, eventExternalId: string, notes: string): Promise<ExternalBookingNote> {
    const existing = await this.noteFor(property, eventExternalId);
    if (existing) {
      existing.notes = notes;
      return this.notes.save(existing);
    }
    return this.notes.save(this.notes.create({ propertyId: property.id, userId: user.id, eventExternalId, notes }));
  }

  private async ownedNote(propertyId: number, id: number): Promise<ExternalBookingNote> {
    const note = await this.notes.findOneBy({ id, propertyId });
    if (!note) throw new NotFoundException(coded('note_not_found', 'Notatet finnes ikke'));
    return note;
  }

  async updateNote(propertyId: number, id: number, notes: string): Promise<ExternalBookingNote> {
    const note = await this.ownedNote(propertyId, id);
    note.notes = notes;
    return this.notes.save(note);
  }

  async deleteNote(propertyId: number, id: number): Promise<void> {
    await this.ownedNote(propertyId, id);
    await this.notes.delete({ id });
  }
}
