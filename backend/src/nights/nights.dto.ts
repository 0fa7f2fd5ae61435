import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNotEmpty, IsOptional } from 'class-validator';
import { IsCalendarDate } from '../common/time/iso-date';
import { FieldErrorResponse } from '../common/api.dto';
import { IsRowId } from '../common/ids';
import type { Approval, HousingType } from '../stays/stays.types';

/** An estimate in money: a decimal string (numeric(…,2)) in its currency. */
export class EstimateResponse {
  /** @example 12450.00 */
  amount: string;
  currency: string;
}

/** A guest's booking with nights past the year's rental day limit (docs/product/stays.md#warnings). */
export class PastLimitBookingResponse {
  /** The id the calendar shows it by: an external booking's API id ('ical-…', 'beds24-…'), or a synced event's number. */
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }] })
  id: number | string;
  title: string;
  /** Its first night and the morning it ends (YYYY-MM-DD, the property's time zone). */
  from: string;
  to: string;
  /** How many of its nights in the year fall after the limit was reached. */
  nightsPastLimit: number;
}

/** A booking past its property's rental day limit, in staff's list of every property's. */
export class PastLimitListedResponse extends PastLimitBookingResponse {
  /** `<property id>-<booking id>`: one row per booking and property. */
  @ApiProperty({ type: 'string' })
  declare id: string;
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }] })
  bookingId: number | string;
  propertyId: number;
  propertyName: string;
  rentalDayLimit: number;
}

/**
 * A property's nights in a calendar year (docs/product/stays.md#the-years-nights): the owners' own and the rented, each
 * with the limit the rules or the law set and what is left of it (null: no limit).
 */
export class NightsResponse {
  propertyId: number;
  year: number;
  ownerNights: number;
  ownerNightsLimit: number | null;
  ownerNightsLeft: number | null;
  rentalDays: number;
  housingType: HousingType | null;
  rentalDayLimit: number | null;
  rentalDaysLeft: number | null;
  /** The bookings with nights after the rental days reached the limit, in date order; empty without a limit. Nothing is refused: they are marked. */
  pastLimit: PastLimitBookingResponse[];
  /** Owners' stays of the year that wait for staff's approval (docs/product/stays.md#stays-as-requests). */
  pendingRequests: number;
  /**
   * What the owners' own stays this year would have earned at the property's active price intervals: an estimate
   * (the mean of each interval's middle price, less its discount, times the owner nights); null without intervals.
   */
  forgoneIncome: EstimateResponse | null;
}

/** GET /api/properties/{id}/stay-preview: a stay the owner is about to send. */
export class StayPreviewQuery {
  /** As the event would be sent: a date-time, or a date for an all-day stay. */
  @IsCalendarDate({ message: 'Invalid date' })
  @IsNotEmpty({ message: 'Invalid date' })
  startTime: string;

  @IsOptional()
  @IsCalendarDate({ message: 'Invalid date' })
  endTime?: string;

  /** The stay being moved, which is then not counted twice. */
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig hendelses-ID' })
  eventId?: number;
}

/**
 * What the property's rules say of a stay before it is sent (docs/product/stays.md#before-a-stay-is-sent): the same
 * check as saving it, without saving.
 */
export class StayPreviewResponse {
  nights: number;
  /** Each rule the stay would break, as the 422 on saving would list it; empty: it may be sent. */
  errors: FieldErrorResponse[];
  /** 'request': it would wait for staff's approval. */
  approval: Approval;
  /** What the stay's nights would have earned rented out: an estimate (as the year's forgoneIncome); null without price intervals. */
  forgoneIncome: EstimateResponse | null;
}
