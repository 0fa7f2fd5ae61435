import { BadRequestException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/adapters/clock';
import { coded } from '../common/http-exception.filter';
import type { RequestContext } from '../common/request-context';
import { DatabasePort } from '../database/database.port';
import type { Property } from '../properties/property.entity';
import type { User } from '../users/user.entity';
import { breaches, dayIn, DEFAULT_RENTAL_DAY_LIMIT, nightsOf, nightsPerYear } from './stays.types';
import { StayRulesRow } from './stay-rules.entity';
import type { StayRulesDto } from './stays.dto';

/** An owner stay already in the calendar, as the yearly count needs it. */
export interface TakenStay {
  startTime: Date;
  endsAt: Date;
}

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
    private readonly database: DatabasePort,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  rulesOf(propertyId: number): Promise<StayRulesRow | null> {
    return this.rules.findOneBy({ propertyId });
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
        housingType: dto.housingType ?? null,
        // A limit given wins (a sameie whose bylaws differ); else the housing type's.
        rentalDayLimit: dto.rentalDayLimit !== undefined ? dto.rentalDayLimit : dto.housingType ? DEFAULT_RENTAL_DAY_LIMIT[dto.housingType] : null,
        updatedById: admin.id,
      });
      const saved = await tx.save(row);
      const view = (r: StayRulesRow | null) =>
        r && { maxOwnerNightsPerYear: r.maxOwnerNightsPerYear, minNoticeDays: r.minNoticeDays, minNights: r.minNights, maxNights: r.maxNights, blackouts: r.blackouts, housingType: r.housingType, rentalDayLimit: r.rentalDayLimit };
      await this.audit.record(admin.id, null, 'property.stay_rules.changed', { propertyId: property.id, before: view(before), after: view(saved) }, tx, context);
      return saved;
    });
  }

  /**
   * Refuses (422, one field error per broken rule) a stay the property's rules do not allow. `taken` are the
   * property's other stays in the years the stay touches (the one being moved left out); no rules, no check.
   */
  async check(property: Pick<Property, 'id' | 'timezone'>, start: Date, endsAt: Date, taken: (years: { start: Date; end: Date }) => Promise<TakenStay[]>): Promise<void> {
    const rules = await this.rulesOf(property.id);
    if (!rules) return;
    const zone = property.timezone;
    const stay = nightsOf(start, endsAt, zone);
    const years = [...nightsPerYear(stay).keys()];
    if (years.length === 0) return;
    const used = new Map<number, number>();
    if (rules.maxOwnerNightsPerYear !== null) {
      // A generous UTC span around the years: the nights themselves are counted in the property's zone.
      const span = { start: new Date(Date.UTC(years[0] - 1, 11, 31)), end: new Date(Date.UTC(years[years.length - 1] + 1, 0, 2)) };
      for (const other of await taken(span)) {
        for (const [year, n] of nightsPerYear(nightsOf(other.startTime, other.endsAt, zone))) used.set(year, (used.get(year) ?? 0) + n);
      }
    }
    const broken = breaches(rules, stay, dayIn(zone, this.clock.now()), used);
    if (broken.length) {
      throw new UnprocessableEntityException({ ...coded('stay_rules_broken', 'Oppholdet bryter reglene for eieropphold på eiendommen'), errors: broken });
    }
  }
}
