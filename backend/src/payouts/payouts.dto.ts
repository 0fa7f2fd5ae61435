import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { ListQueryParams } from '../common/api.dto';
import { IsRowId } from '../common/ids';
import { IsDecimal } from '../common/money';
import { IsOmittable, OMITTABLE_NOT_NULL } from '../common/optional';
import { IsCalendarDate } from '../common/time/iso-date';
import { MAX_YEAR, MIN_YEAR, YEAR_TEXT } from '../common/time/year';
import { OptionalPropertyId } from '../properties/property-id.dto';
import { Payout, PAYOUT_STATUSES, type PayoutStatus } from './payout.entity';

const MONTH_TEXT = 'Måned må være mellom 1 og 12';
const CHOOSE_FIRST = 'Velg bruker, måned og år først';


const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

/**
 * POST /api/admin/payouts (docs/product/payouts-and-prices.md#validation-and-limits): the property (`propertyId`, or
 * the person `userId`'s first property; propertyId wins when both are given), month 1-12, year 2020-2100, amount ≥ 0 in
 * steps of 0.01, rentalDays 0-31.
 */
export class CreatePayoutDto {
  /** Whom it is registered for; without propertyId, their first property is the payout's. */
  @ValidateIf((dto: CreatePayoutDto) => dto.propertyId === undefined || dto.userId !== undefined)
  @IsRowId({ message: 'Bruker må velges' })
  @IsDefined({ message: 'Bruker må velges' })
  userId?: number;

  /** The property whose payout it is. */
  @OptionalPropertyId()
  propertyId?: number;

  @Max(12, { message: MONTH_TEXT })
  @Min(1, { message: MONTH_TEXT })
  @IsInt({ message: MONTH_TEXT })
  month: number;

  @Max(MAX_YEAR, { message: YEAR_TEXT })
  @Min(MIN_YEAR, { message: YEAR_TEXT })
  @IsInt({ message: YEAR_TEXT })
  year: number;

  /** A decimal string or number, at most two decimals; never negative (an offset is a positive remainder). */
  @IsDecimal(10, { required: 'Beløp er påkrevd', invalid: 'Beløpet må være et tall med høyst to desimaler' })
  amount: string;

  @IsOmittable()
  @Transform(upper)
  @Matches(/^[A-Z]{3}$/, { message: 'Valuta må være tre bokstaver' })
  @Length(3, 3, { message: 'Valuta må være tre bokstaver' })
  @IsString({ message: 'Valuta må være tre bokstaver' })
  currency?: string;

  @IsOmittable()
  @IsIn(PAYOUT_STATUSES, { message: 'Status må være pending, paid, sent eller offset' })
  @ApiProperty({ enum: PAYOUT_STATUSES, required: false })
  status?: PayoutStatus;

  @IsOptional()
  @Max(31, { message: 'Utleiedager må være mellom 0 og 31' })
  @Min(0, { message: 'Utleiedager må være mellom 0 og 31' })
  @IsInt({ message: 'Utleiedager må være mellom 0 og 31' })
  rentalDays?: number | null;

  @IsOptional()
  @IsCalendarDate({ message: 'Ugyldig dato' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Ugyldig dato' })
  paidDate?: string | null;

  @IsOptional()
  @MaxLength(2000, { message: 'Notatet kan ikke være lengre enn 2000 tegn' })
  @IsString({ message: 'Notatet må være tekst' })
  notes?: string | null;
}

/** PATCH /api/admin/payouts/{id}: amount, status, rentalDays, notes (and the paid date); property, owner and month stay. */
export class UpdatePayoutDto extends PartialType(OmitType(CreatePayoutDto, ['userId', 'propertyId', 'month', 'year', 'currency'] as const), OMITTABLE_NOT_NULL) {}

/** The owner's view of a payout (id, year, month, amount, currency, status, notes) and the rest of its record. */
export class PayoutResponse {
  id: number;
  /** Whom it was registered for. */
  userId: number;
  /** The property whose payout it is. */
  propertyId: number;
  year: number;
  month: number;
  /** numeric(10,2) as a string. @example 12500.00 */
  amount: string;
  currency: string;
  @ApiProperty({ enum: PAYOUT_STATUSES })
  status: PayoutStatus;
  rentalDays: number | null;
  paidDate: string | null;
  notes: string | null;
  registeredById: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export function mapPayout(p: Payout): PayoutResponse {
  return {
    id: p.id, userId: p.userId, propertyId: p.propertyId, year: p.year, month: p.month, amount: p.amount, currency: p.currency.trim(), status: p.status,
    rentalDays: p.rentalDays, paidDate: p.paidDate, notes: p.notes, registeredById: p.registeredById, createdAt: p.createdAt, updatedAt: p.updatedAt,
  };
}

/** A payout in the back office, with the names of whom it was registered for and of its property. */
export class AdminPayoutResponse extends PayoutResponse {
  userName: string;
  username: string;
  propertyName: string | null;
}

/**
 * GET /api/admin/payouts: react-admin's list parameters, and as plain filters ?propertyId=, ?userId= (the payouts of
 * the properties that person is a member of) and ?year=.
 */
export class AdminPayoutsQuery extends ListQueryParams {
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig bruker-ID' })
  userId?: number;

  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig eiendom' })
  propertyId?: number;

  @IsOptional()
  @Type(() => Number)
  @Max(MAX_YEAR, { message: YEAR_TEXT })
  @Min(MIN_YEAR, { message: YEAR_TEXT })
  @IsInt({ message: YEAR_TEXT })
  year?: number;
}

/** GET /api/admin/payouts/user/{userId}/year/{year}: ?propertyId= names one of the person's properties (else their first). */
export class StaffYearQuery {
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig eiendom' })
  propertyId?: number;
}

/**
 * POST /api/admin/payouts/calculate-rental-days: the property (`propertyId`, or the person `userId`'s first), the month
 * and the year are needed, else the 'choose user, month and year first'.
 */
export class CalculateRentalDaysDto {
  @ValidateIf((dto: CalculateRentalDaysDto) => dto.propertyId === undefined || dto.userId !== undefined)
  @IsRowId({ message: CHOOSE_FIRST })
  @IsDefined({ message: CHOOSE_FIRST })
  userId?: number;

  /** The property whose bookings are counted. */
  @OptionalPropertyId()
  propertyId?: number;

  @Max(12, { message: MONTH_TEXT })
  @Min(1, { message: MONTH_TEXT })
  @IsInt({ message: MONTH_TEXT })
  @IsDefined({ message: CHOOSE_FIRST })
  month: number;

  @Max(MAX_YEAR, { message: YEAR_TEXT })
  @Min(MIN_YEAR, { message: YEAR_TEXT })
  @IsInt({ message: YEAR_TEXT })
  @IsDefined({ message: CHOOSE_FIRST })
  year: number;
}

export class RentalDaysResponse {
  rentalDays: number;
  message: string;
}

export class DeletedPayoutResponse {
  message: string;
  id: number;
}

/** ?lang= of the year statement: the owner's language, Norwegian unless English is asked for. */
export class StatementQuery {
  @IsOptional()
  @IsIn(['nb', 'en'], { message: 'Språk må være nb eller en' })
  @ApiProperty({ enum: ['nb', 'en'], required: false })
  lang?: 'nb' | 'en';
}
