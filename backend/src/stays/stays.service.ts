import { BadRequestException, ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Not, Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/adapters/clock';
import { coded } from '../common/http-exception.filter';
import type { RequestContext } from '../common/request-context';
import { EventBus } from '../common/events/domain-events';
import { findPage, type ListQuery } from '../common/list-query';
import { DatabasePort } from '../database/database.port';
import { PropertyAccess } from '../properties/property-access.service';
import type { Property } from '../properties/property.entity';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { type Approval, breaches, dayIn, DEFAULT_RENTAL_DAY_LIMIT, nightCount, nightsOf, nightsPerYear, type StayBreach, type StayNights, yearSpan } from './stays.types';
import { StayRequest } from './stay-request.entity';
import { StayRulesRow } from './stay-rules.entity';
import { mapStayRequest, type StayRequestResponse, type StayRulesDto } from './stays.dto';
import './stays.events';

/** An owner stay already in the calendar, as the yearly count needs it. */
export interface TakenStay {
  startTime: Date;
  endsAt: Date;
}

/** The property's other owner stays in a span of time (the stay being checked left out), from the calendar. */
export type TakenStays = (span: { start: Date; end: Date }) => Promise<TakenStay[]>;

/** What the rules say of a stay: its nights, every rule it breaks (none: it may be saved), and how it is saved. */
export interface StayVerdict {
  stay: StayNights;
  nights: number;
  breaches: StayBreach[];
  approval: Approval;
}

/** A stay an owner asks for, as the calendar saves it. */
export interface StayToRequest {
  propertyId: number;
  eventId: number;
  requestedById: number;
  title: string;
  startTime: Date;
  endsAt: Date;
  zone: string;
}

const REQUEST_NOT_FOUND = () => new NotFoundException(coded('stay_request_not_found', 'Forespørselen finnes ikke'));

const invalid = (field: string, code: string, message: string) =>
  new BadRequestException({ ...coded('validation', message), errors: [{ field, code, message }] });

/**
 * Owners' own stays under the property's rules (docs/product/stays.md): staff set the rules; the calendar asks here
 * before it saves a stay an owner or co-owner makes, with the stays the property already holds.
 */
@Injectable()
export class StaysService {
  constructor(
    @InjectRepository(StayRulesRow) private readonly rules: Repository<StayRulesRow>,
    @InjectRepository(StayRequest) private readonly requests: Repository<StayRequest>,
    private readonly database: DatabasePort,
    private readonly audit: AuditService,
    private readonly access: PropertyAccess,
    private readonly users: UsersService,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  rulesOf(propertyId: number): Promise<StayRulesRow | null> {
    return this.rules.findOneBy({ propertyId });
  }

  /** The rules of every property the law (or a sameie's bylaws) limits in rental days. */
  withRentalDayLimit(): Promise<StayRulesRow[]> {
    return this.rules.findBy({ rentalDayLimit: Not(IsNull()) });
  }

  /** Replaces the property's rules as a whole; the change is an activity row naming who made it. */
  async setRules(admin: User, property: Property, dto: StayRulesDto, context?: RequestContext): Promise<StayRulesRow> {
    const { minNights = null, maxNights = null } = dto;
    if (minNights !== null && maxNights !== null && minNights > maxNights) {
      throw invalid('maxNights', 'stay_rules_min_above_max', 'Største antall netter kan ikke være lavere enn minste');
    }
    dto.blackouts.forEach((b, i) => {
      if (b.to < b.from) throw invalid(`blackouts.${i}.to`, 'stay_rules_blackout_order', 'En stengt periode kan ikke slutte før den begynner');
    });
    return this.database.transaction(async (tx) => {
      const before = await tx.findOneBy(StayRulesRow, { propertyId: property.id });
      const row = tx.create(StayRulesRow, {
        propertyId: property.id,
        maxOwnerNightsPerYear: dto.maxOwnerNightsPerYear ?? null,
        minNoticeDays: dto.minNoticeDays ?? null,
        minNights,
        maxNights,
        blackouts: dto.blackouts.map(({ from, to, label }) => ({ from, to, label })),
        approval: dto.approval ?? 'instant',
        housingType: dto.housingType ?? null,
        // A limit given wins (a sameie whose bylaws differ); else the housing type's.
        rentalDayLimit: dto.rentalDayLimit !== undefined ? dto.rentalDayLimit : dto.housingType ? DEFAULT_RENTAL_DAY_LIMIT[dto.housingType] : null,
        updatedById: admin.id,
      });
      const saved = await tx.save(row);
      const view = (r: StayRulesRow | null) =>
        r && { maxOwnerNightsPerYear: r.maxOwnerNightsPerYear, minNoticeDays: r.minNoticeDays, minNights: r.minNights, maxNights: r.maxNights, blackouts: r.blackouts, approval: r.approval, housingType: r.housingType, rentalDayLimit: r.rentalDayLimit };
      await this.audit.record(admin.id, null, 'property.stay_rules.changed', { propertyId: property.id, before: view(before), after: view(saved) }, tx, context);
      return saved;
    });
  }

  /**
   * What the property's rules say of a stay from `start` to `endsAt`, without refusing it: the create dialog asks before
   * the stay is sent, and `check` when it is saved. `taken` are the property's other owner stays (waiting ones too: a
   * request holds its nights until it is decided). No rules: no breach, saved at once.
   */
  async verdict(property: Pick<Property, 'id' | 'timezone'>, start: Date, endsAt: Date, taken: TakenStays): Promise<StayVerdict> {
    const zone = property.timezone;
    const stay = nightsOf(start, endsAt, zone);
    const rules = await this.rulesOf(property.id);
    const nights = nightCount(stay);
    if (!rules || nights === 0) return { stay, nights, breaches: [], approval: 'instant' };
    const years = [...nightsPerYear(stay).keys()];
    const used = new Map<number, number>();
    if (rules.maxOwnerNightsPerYear !== null) {
      const span = yearSpan(years[0], years[years.length - 1]);
      for (const other of await taken(span)) {
        for (const [year, n] of nightsPerYear(nightsOf(other.startTime, other.endsAt, zone))) used.set(year, (used.get(year) ?? 0) + n);
      }
    }
    return { stay, nights, breaches: breaches(rules, stay, dayIn(zone, this.clock.now()), used), approval: rules.approval };
  }

  /**
   * Refuses (422, one field error per broken rule) a stay the property's rules do not allow; else answers whether it is
   * saved at once or held as a request.
   */
  async check(property: Pick<Property, 'id' | 'timezone'>, start: Date, endsAt: Date, taken: TakenStays): Promise<Approval> {
    const { breaches: broken, approval, nights } = await this.verdict(property, start, endsAt, taken);
    if (broken.length) {
      throw new UnprocessableEntityException({ ...coded('stay_rules_broken', 'Oppholdet bryter reglene for eieropphold på eiendommen'), errors: broken });
    }
    return nights === 0 ? 'instant' : approval;
  }

  // ---- stays held as requests (docs/product/stays.md#stays-as-requests) ----

  /**
   * Holds the stay the calendar just saved (awaiting approval) as a request, in the calendar's transaction; a stay
   * that already waits (moved again) has its request changed instead. Staff are told after the commit (`announce`).
   */
  async request(tx: EntityManager, stay: StayToRequest): Promise<StayRequest> {
    const nights = nightCount(nightsOf(stay.startTime, stay.endsAt, stay.zone));
    const open = await tx.findOneBy(StayRequest, { eventId: stay.eventId, status: 'pending' });
    const row = open ?? tx.create(StayRequest, { propertyId: stay.propertyId, eventId: stay.eventId, requestedById: stay.requestedById, status: 'pending' });
    Object.assign(row, { title: stay.title, startTime: stay.startTime, endsAt: stay.endsAt, nights });
    return tx.save(row);
  }

  /** Tells every active admin that a stay waits for them (after the commit that opened or moved it). */
  async announce(request: StayRequest, requester: User): Promise<void> {
    const [names, admins] = await Promise.all([this.access.namesOf([request.propertyId]), this.users.activeAdminIds()]);
    await this.bus.emit('stays.request.opened', { ...this.told(request, names.get(request.propertyId) ?? ''), requester: requester.name, admins });
  }

  /** The owner removed a stay that waited: its request is withdrawn, in the removal's transaction. */
  async withdraw(tx: EntityManager, eventId: number): Promise<void> {
    await tx.update(StayRequest, { eventId, status: 'pending' }, { status: 'withdrawn' });
  }

  /** Staff's list: every request, or one property's, by status; newest stays first. */
  list(query: ListQuery): Promise<{ rows: StayRequest[]; total: number }> {
    return findPage(this.requests.createQueryBuilder('r'), query, {
      sortable: { id: 'r.id', startTime: 'r.startTime', createdAt: 'r.createdAt', status: 'r.status' },
      filters: {
        propertyId: (qb, v) => void qb.andWhere('r.propertyId = :propertyId', { propertyId: Number(v) }),
        status: (qb, v) => void qb.andWhere('r.status = :status', { status: String(v) }),
      },
      key: 'r.id',
    });
  }

  /** The requests still waiting whose stay has a night in `year` (the property's zone), for the year's nights. */
  async pendingIn(propertyId: number, year: number, zone: string): Promise<number> {
    const span = yearSpan(year);
    const open = await this.requests
      .createQueryBuilder('r')
      .where("r.propertyId = :propertyId AND r.status = 'pending' AND r.startTime < :end AND r.endsAt > :start", { propertyId, ...span })
      .getMany();
    return open.filter((r) => nightsPerYear(nightsOf(r.startTime, r.endsAt, zone)).has(year)).length;
  }

  /**
   * Staff approve or decline a waiting stay, with a note for the owner. The calendar acts in the same transaction
   * ('stays.request.deciding': an approved stay stops waiting, a declined one leaves the calendar), the decision is an
   * activity row, and the owners and co-owners are told after the commit. A request decided already, or whose stay
   * its owner removed, is 409 and nothing changes.
   */
  async decide(admin: User, id: number, decision: 'approved' | 'declined', note: string | null, context?: RequestContext): Promise<StayRequest> {
    const { decided, afterCommit } = await this.database.transaction(async (tx) => {
      const request = await tx.findOne(StayRequest, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!request) throw REQUEST_NOT_FOUND();
      if (request.status !== 'pending' || request.eventId === null) {
        const status = request.status === 'pending' ? 'withdrawn' : request.status;
        throw new ConflictException(coded('stay_request_decided', 'Forespørselen er allerede avgjort', { status }));
      }
      const eventId = request.eventId;
      Object.assign(request, { status: decision, note, decidedById: admin.id, decidedAt: this.clock.now() });
      if (decision === 'declined') request.eventId = null;
      const saved = await tx.save(request);
      const after = await this.bus.publishInTransaction(tx, 'stays.request.deciding', { propertyId: request.propertyId, eventId, decision });
      await this.audit.record(admin.id, request.requestedById, `stay_request.${decision}`, { requestId: id, propertyId: request.propertyId, note }, tx, context);
      return { decided: saved, afterCommit: after };
    });
    await afterCommit();
    const [names, members] = await Promise.all([this.access.namesOf([decided.propertyId]), this.access.memberIds(decided.propertyId, 'write')]);
    await this.bus.emit('stays.request.decided', { ...this.told(decided, names.get(decided.propertyId) ?? ''), decision, note, members });
    return decided;
  }

  /** The requests as staff read them, with their properties' and requesters' names (two reads for any number). */
  async describe(rows: StayRequest[]): Promise<StayRequestResponse[]> {
    const [properties, people] = await Promise.all([
      this.access.namesOf(rows.map((r) => r.propertyId)),
      // The asker and the decider, in one read.
      this.users.namesOf(rows.flatMap((r) => [r.requestedById, r.decidedById].filter((id): id is number => id !== null))),
    ]);
    const nameOf = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
    return rows.map((r) => mapStayRequest(r, { property: properties.get(r.propertyId) ?? '', requester: nameOf(r.requestedById), decider: nameOf(r.decidedById) }));
  }

  async findRequest(id: number): Promise<StayRequest> {
    const request = await this.requests.findOneBy({ id });
    if (!request) throw REQUEST_NOT_FOUND();
    return request;
  }

  /** What the notifications name of a request: the property, the stay's first night and the morning it ends. */
  private told(r: StayRequest, propertyName: string) {
    return { requestId: r.id, propertyId: r.propertyId, propertyName, title: r.title, from: r.startTime.toISOString(), to: r.endsAt.toISOString() };
  }
}
