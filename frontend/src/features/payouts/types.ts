import type { components } from '../../api/schema';

export type Payout = components['schemas']['PayoutResponse'];
export type PayoutStatus = Payout['status'];
export const PAYOUT_STATUSES: PayoutStatus[] = ['pending', 'paid', 'sent', 'offset'];
