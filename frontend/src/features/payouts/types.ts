import type { components } from '../../api/schema';

export type Payout = components['schemas']['PayoutResponse'];
export type PayoutStatus = Payout['status'];
export const PAYOUT_STATUSES: PayoutStatus[] = ['pending', 'paid', 'sent', 'offset'];

/** Until the generated types carry the payout's detail (GET /api/user/payouts/{id}). */
export interface PayoutLine {
  id: number;
  kind: 'rent' | 'cleaning' | 'commission' | 'channel_fee' | 'expense' | 'adjustment';
  description: string;
  amount: string;
  bookingRef: string | null;
  receipt: { name: string; contentType: string; size: number } | null;
}
export interface PayoutStay {
  ref: string;
  channel: string;
  start: string;
  end: string;
  nights: number;
}
export type PayoutDetail = Payout & { lines: PayoutLine[]; stays: PayoutStay[]; nightsByChannel: Record<string, number>; rentalDays: number | null };
