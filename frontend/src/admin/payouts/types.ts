import type { components } from '../../api/schema';

/** A payout as the back office lists it, with its owner's name. */
export type AdminPayout = components['schemas']['AdminPayoutResponse'];
export type RentalDaysAnswer = components['schemas']['RentalDaysResponse'];
export const PAYOUTS_RESOURCE = 'payouts';
export const STATUS_CHOICES = ['pending', 'paid', 'sent', 'offset'].map((id) => ({ id, name: `payouts.status.${id}` }));
/** A payout with its lines (docs/product/payouts-and-prices.md#payout-lines); with lines, its amount is their sum. */
export type PayoutWithLines = components['schemas']['PayoutWithLinesResponse'];
export type PayoutLine = components['schemas']['PayoutLineResponse'];
export type PayoutLineInput = components['schemas']['CreatePayoutLineDto'];
export type PayoutLinesImport = components['schemas']['ImportPayoutLinesResponse'];
