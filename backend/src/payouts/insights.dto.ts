import { ApiProperty } from '@nestjs/swagger';
import type { YearView } from './insights.service';
import type { YearFigures } from './year-figures';

/** One month of the year view: its nights and the net of its payouts. */
export class InsightsMonthResponse {
  /** 1-12. */
  month: number;
  /** The month's nights the owners did not use (29 in a leap February without owner stays). */
  nightsAvailable: number;
  nightsBooked: number;
  ownerNights: number;
  /** Booked nights among the available ones over the available nights, 0-1 to four decimals; null when none was available. @example 0.4516 */
  @ApiProperty({ type: Number, nullable: true })
  occupancy: number | null;
  /** The month's payouts, net of offsets, numeric text. @example 12500.00 */
  payoutTotal: string;
}

/** A year's figures (docs/product/insights.md#the-figures). */
export class InsightsFiguresResponse {
  year: number;
  /** The year's nights the owners did not use: what could be let (366 in a leap year without owner stays). */
  nightsAvailable: number;
  /** Nights guests booked, each date once. */
  nightsBooked: number;
  /** Nights of the owners' own stays. */
  ownerNights: number;
  /** @example 0.3151 */
  @ApiProperty({ type: Number, nullable: true })
  occupancy: number | null;
  /** Booked nights by the channel they came through (Airbnb, Booking.com, a feed's name …), most first. */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { Airbnb: 80, 'Booking.com': 35 } })
  nightsByChannel: Record<string, number>;
  /** The year's payouts, net of offsets, numeric text. @example 150000.00 */
  payoutTotal: string;
  /** payoutTotal over nightsBooked, rounded to the øre; null without booked nights. @example 1304.35 */
  @ApiProperty({ type: String, nullable: true })
  payoutPerBookedNight: string | null;
  /** January to December. */
  @ApiProperty({ type: [InsightsMonthResponse] })
  byMonth: InsightsMonthResponse[];
}

/** GET /api/user/insights: the year and the year before it, of one property. */
export class InsightsResponse extends InsightsFiguresResponse {
  /** The property read; null for staff who name none and hold none (an empty year). */
  @ApiProperty({ type: Number, nullable: true })
  propertyId: number | null;
  @ApiProperty({ type: InsightsFiguresResponse })
  previousYear: InsightsFiguresResponse;
}

/** A year's figures as the API gives them: with their money (the year view always reads the payouts). */
const mapFigures = (f: YearFigures): InsightsFiguresResponse => ({
  ...f,
  payoutTotal: f.payoutTotal ?? '0.00',
  byMonth: f.byMonth.map((m) => ({ ...m, payoutTotal: m.payoutTotal ?? '0.00' })),
});

export const mapInsights = (propertyId: number | null, view: YearView): InsightsResponse => ({ propertyId, ...mapFigures(view.current), previousYear: mapFigures(view.previous) });
