import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { Transform } from 'class-transformer';
import { IsCalendarDate } from '../common/time/iso-date';
import { multiLine, toSingleLine } from '../common/text/control-characters';
import { ListQueryParams } from '../common/api.dto';
import { IsRowId } from '../common/ids';
import { APPROVALS, HOUSING_TYPES, STAY_REQUEST_STATUSES, type Approval, type HousingType, type StayRequestStatus } from './stays.types';
import type { StayRequest } from './stay-request.entity';
import type { StayRulesRow } from './stay-rules.entity';

/** A number of days or nights, or null for no rule. */
const Count = (min: number, max: number, message: string) => (target: object, key: string) => {
  ValidateIf((_, v) => v !== null && v !== undefined)(target, key);
  IsInt({ message })(target, key);
  Min(min, { message })(target, key);
  Max(max, { message })(target, key);
};

export class BlackoutDto {
  @IsCalendarDate({ message: 'Ugyldig dato' })
  from: string;

  @IsCalendarDate({ message: 'Ugyldig dato' })
  to: string;

  @Transform(toSingleLine)
  @MaxLength(100, { message: 'Navnet kan ikke være lengre enn 100 tegn' })
  @IsNotEmpty({ message: 'Navn er påkrevd' })
  @IsString({ message: 'Navn er påkrevd' })
  label: string;
}

/** PUT /api/admin/properties/{id}/stay-rules: the whole set; a field left out or null is no rule. The documented texts. */
export class StayRulesDto {
  /** 0–366. */
  @Count(0, 366, 'Antall eiernetter må være et heltall mellom 0 og 366')
  maxOwnerNightsPerYear?: number | null;

  /** 0–365. */
  @Count(0, 365, 'Varselet må være et heltall mellom 0 og 365 dager')
  minNoticeDays?: number | null;

  /** 1–366. */
  @Count(1, 366, 'Minste antall netter må være et heltall mellom 1 og 366')
  minNights?: number | null;

  /** 1–366, not below minNights. */
  @Count(1, 366, 'Største antall netter må være et heltall mellom 1 og 366')
  maxNights?: number | null;

  /** 'instant' (the default) saves a stay that keeps to the rules at once; 'request' holds it for staff's approval. */
  @IsOptional()
  @IsIn(APPROVALS, { message: 'Godkjenning må være instant eller request' })
  approval?: Approval;

  /** How the property is owned; it sets the rental day limit unless one is given. */
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @IsIn(HOUSING_TYPES, { message: 'Boligtypen må være selveier, borettslag, eierseksjonssameie, fritidsbolig eller annet' })
  housingType?: HousingType | null;

  /** 0–366: the rental days a year the law (or a sameie's bylaws) allows; left out, the housing type's default. */
  @Count(0, 366, 'Grensen for utleiedager må være et heltall mellom 0 og 366')
  rentalDayLimit?: number | null;

  /** At most 50 periods. */
  @IsArray({ message: 'Stengte perioder må være en liste' })
  @ArrayMaxSize(50, { message: 'Høyst 50 stengte perioder' })
  @ValidateNested({ each: true })
  @Type(() => BlackoutDto)
  blackouts: BlackoutDto[];
}

/** A property's stay rules; every field null (and no blackouts) when none are set. */
export class StayRulesResponse {
  propertyId: number;
  maxOwnerNightsPerYear: number | null;
  minNoticeDays: number | null;
  minNights: number | null;
  maxNights: number | null;
  blackouts: BlackoutDto[];
  approval: Approval;
  housingType: HousingType | null;
  rentalDayLimit: number | null;
  /** When staff last changed them, or null when none are set. */
  updatedAt: string | null;
}

export const mapStayRules = (propertyId: number, row: StayRulesRow | null): StayRulesResponse => ({
  propertyId,
  maxOwnerNightsPerYear: row?.maxOwnerNightsPerYear ?? null,
  minNoticeDays: row?.minNoticeDays ?? null,
  minNights: row?.minNights ?? null,
  maxNights: row?.maxNights ?? null,
  blackouts: row?.blackouts ?? [],
  approval: row?.approval ?? 'instant',
  housingType: row?.housingType ?? null,
  rentalDayLimit: row?.rentalDayLimit ?? null,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/** Staff's list of stay requests: react-admin's list parameters, or these as plain filters. */
export class StayRequestsQuery extends ListQueryParams {
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig eiendoms-ID' })
  propertyId?: number;

  @IsOptional()
  @IsIn(STAY_REQUEST_STATUSES, { message: 'Status må være pending, approved, declined eller withdrawn' })
  status?: StayRequestStatus;
}

/** POST /api/admin/stay-requests/{id}/approve|decline: staff's words to the owner, if any. */
export class DecideStayRequestDto {
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Transform(({ value }) => (typeof value === 'string' ? multiLine(value).trim() || null : value))
  @MaxLength(2000, { message: 'Notatet kan ikke være lengre enn 2000 tegn' })
  @IsString({ message: 'Notatet må være tekst' })
  note?: string | null;
}

/** An owner's stay held for staff's approval, and what became of it (docs/product/stays.md#stays-as-requests). */
export class StayRequestResponse {
  id: number;
  propertyId: number;
  propertyName: string;
  /** The stay in the calendar; null once it is gone (declined, or removed by its owner while it waited). */
  eventId: number | null;
  requestedById: number | null;
  requestedByName: string | null;
  title: string;
  startTime: string;
  /** When the stay ends (its last morning). */
  endTime: string;
  nights: number;
  status: StayRequestStatus;
  /** Staff's words to the owner with the decision. */
  note: string | null;
  decidedById: number | null;
  decidedByName: string | null;
  decidedAt: string | null;
  createdAt: string;
}

export const mapStayRequest = (r: StayRequest, names: { property: string; requester: string | null; decider: string | null }): StayRequestResponse => ({
  id: r.id,
  propertyId: r.propertyId,
  propertyName: names.property,
  eventId: r.eventId,
  requestedById: r.requestedById,
  requestedByName: names.requester,
  title: r.title,
  startTime: r.startTime.toISOString(),
  endTime: r.endsAt.toISOString(),
  nights: r.nights,
  status: r.status,
  note: r.note,
  decidedById: r.decidedById,
  decidedByName: names.decider,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});
