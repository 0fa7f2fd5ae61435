import { ApiProperty, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsDecimal } from '../common/money';
import { OMITTABLE_NOT_NULL } from '../common/optional';
import { PAYOUT_LINE_KINDS, type PayoutLine, type PayoutLineKind } from './payout-line.entity';
import { PayoutResponse } from './payouts.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const KIND_TEXT = 'Linjetypen må være rent, cleaning, commission, channel_fee, expense eller adjustment';
const DESCRIPTION_TEXT = 'Beskrivelsen må være tekst på høyst 200 tegn';
/** The largest CSV the import reads, in characters. */
export const MAX_IMPORT_CHARS = 500_000;

/**
 * POST /api/admin/payouts/{id}/lines (docs/product/payouts-and-prices.md#payout-lines): a kind, a description of
 * 1-200 characters, a signed amount with at most two decimals (rent and cleaning ≥ 0; commission, channel_fee and
 * expense ≤ 0; an adjustment either), and the stay it came from (up to 100 characters).
 */
export class CreatePayoutLineDto {
  @IsIn(PAYOUT_LINE_KINDS, { message: KIND_TEXT })
  @ApiProperty({ enum: PAYOUT_LINE_KINDS })
  kind: PayoutLineKind;

  @Transform(trim)
  @MaxLength(200, { message: DESCRIPTION_TEXT })
  @IsNotEmpty({ message: 'Beskrivelse er påkrevd' })
  @IsString({ message: DESCRIPTION_TEXT })
  description: string;

  /** A decimal string or number, at most two decimals and ten digits before the point; its sign follows its kind. */
  @IsDecimal(12, { required: 'Beløp er påkrevd', invalid: 'Beløpet må være et tall med høyst to desimaler' })
  amount: string;

  @IsOptional()
  @Transform(trim)
  @MaxLength(100, { message: 'Bookingreferansen kan ikke være lengre enn 100 tegn' })
  @IsString({ message: 'Bookingreferansen må være tekst' })
  bookingRef?: string | null;
}

/** PATCH /api/admin/payouts/{id}/lines/{lineId}: any of the fields; bookingRef null clears it. */
export class UpdatePayoutLineDto extends PartialType(CreatePayoutLineDto, OMITTABLE_NOT_NULL) {}

/** The receipt of a line: its safe name, its type (told from its bytes) and its size in bytes. */
export class PayoutReceiptResponse {
  name: string;
  contentType: string;
  byteSize: number;
}

export class PayoutLineResponse {
  id: number;
  payoutId: number;
  @ApiProperty({ enum: PAYOUT_LINE_KINDS })
  kind: PayoutLineKind;
  description: string;
  /** numeric(12,2) as a string, signed by its kind. @example -1250.00 */
  amount: string;
  bookingRef: string | null;
  /** Null without a receipt; fetched from the line's receipt route. */
  receipt: PayoutReceiptResponse | null;
  /** Delivered by the accounting import rather than entered by staff. */
  imported: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function mapLine(l: PayoutLine): PayoutLineResponse {
  return {
    id: l.id, payoutId: l.payoutId, kind: l.kind, description: l.description, amount: l.amount, bookingRef: l.bookingRef,
    receipt: l.receiptFileId && l.receiptName && l.receiptType ? { name: l.receiptName, contentType: l.receiptType, byteSize: l.receiptSize ?? 0 } : null,
    imported: l.imported, createdAt: l.createdAt, updatedAt: l.updatedAt,
  };
}

/** A payout and its lines, in the order they were added; with lines, the payout's amount is their sum. */
export class PayoutWithLinesResponse {
  payout: PayoutResponse;
  lines: PayoutLineResponse[];
}

/** A stay of the month (docs/product/payouts-and-prices.md#the-payout-explained). */
export class PayoutStayResponse {
  /** The booking's id in the product (`ical-…`, `beds24-…`), or `event-<id>` for a booking synced into the calendar. */
  ref: string;
  /** Where it was booked: Beds24's channel, the iCal feed's name, or 'Kalender'. */
  channel: string;
  /** First night, 'YYYY-MM-DD' in the property's time zone. */
  start: string;
  /** Check-out day, 'YYYY-MM-DD' (exclusive). */
  end: string;
  /** Its nights inside the payout's month. */
  nights: number;
}

/** GET /api/user/payouts/{id}: the payout, its lines and the month's stays from the bookings store. */
export class PayoutDetailResponse extends PayoutWithLinesResponse {
  /** The rented stays with nights in the payout's month, by first night. */
  stays: PayoutStayResponse[];
  /** The month's nights per channel (each date once within a channel). */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { Airbnb: 12, 'Booking.com': 4 } })
  nightsByChannel: Record<string, number>;
  /** The month's rented nights, each date once (the payout's own `rentalDays` is what staff registered). */
  rentalDays: number;
  /** The nights of the owners' own stays in the month: no rental. */
  ownerNights: number;
  /** The property's time zone, in which the month and the nights are counted. */
  timezone: string;
}

/** POST /api/admin/payouts/lines/import: the CSV's text (docs/api.md "Payout lines import"). */
export class ImportPayoutLinesDto {
  @MaxLength(MAX_IMPORT_CHARS, { message: 'Filen er for stor (høyst 500 000 tegn)' })
  @IsNotEmpty({ message: 'Filen er tom' })
  @IsString({ message: 'Filen må være tekst' })
  csv: string;
}

/** One payout the import filled: whether it was made for the import, its lines and its amount now. */
export class ImportedPayoutResponse {
  payoutId: number;
  propertyId: number;
  year: number;
  month: number;
  created: boolean;
  lines: number;
  /** numeric(10,2) as a string: the lines' sum. */
  amount: string;
}

export class ImportPayoutLinesResponse {
  /** Lines imported in all. */
  lines: number;
  payouts: ImportedPayoutResponse[];
}

export class DeletedPayoutReceiptResponse {
  message: string;
}
