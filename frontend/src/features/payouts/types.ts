import type { components } from '../../api/schema';

export type Payout = components['schemas']['PayoutResponse'];
export type PayoutStatus = Payout['status'];
export const PAYOUT_STATUSES: PayoutStatus[] = ['pending', 'paid', 'sent', 'offset'];

/** One payout explained (GET /api/user/payouts/{id}): the payout, its lines and the month's stays. */
export type PayoutDetail = components['schemas']['PayoutDetailResponse'];
export type PayoutLine = components['schemas']['PayoutLineResponse'];
export type PayoutStay = components['schemas']['PayoutStayResponse'];
