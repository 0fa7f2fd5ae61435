/**
 * The 'payouts' resource: created with the fields POST /api/admin/payouts takes (the amount as a decimal string),
 * changed by PATCH; plus the rental-days count and one owner's year.
 */
import type { Identifier, RaRecord } from 'react-admin';
import { asRecords, type DataProviderPart, type ProviderTools } from '../dataProviderPart';
import { PAYOUTS_RESOURCE, type AdminPayout, type PayoutLineInput, type PayoutLinesImport, type PayoutWithLines, type RentalDaysAnswer } from './types';
import { toPayoutPayload } from './validation';

export interface PayoutsDataProvider {
  /** The booked nights of an owner's month, counted from their stored bookings. */
  calculateRentalDays(input: { userId: number; month: number; year: number }): Promise<RentalDaysAnswer>;
  /** One owner's payouts of a year, for the year overview. */
  payoutsOfYear(userId: Identifier, year: number): Promise<AdminPayout[]>;
  /** A payout's lines; each change below answers the payout (its amount now the lines' sum) and its lines. */
  payoutLines(payoutId: Identifier): Promise<PayoutWithLines>;
  addPayoutLine(payoutId: Identifier, line: PayoutLineInput): Promise<PayoutWithLines>;
  updatePayoutLine(payoutId: Identifier, lineId: number, line: Partial<PayoutLineInput>): Promise<PayoutWithLines>;
  removePayoutLine(payoutId: Identifier, lineId: number): Promise<PayoutWithLines>;
  removePayoutReceipt(payoutId: Identifier, lineId: number): Promise<PayoutWithLines>;
  /** A CSV of a month's lines from an accounting system, as text: all or nothing (docs/api.md "Payout lines import"). */
  importPayoutLines(csv: string): Promise<PayoutLinesImport>;
}

export default function payoutsData({ adminUrl, call, post }: ProviderTools): DataProviderPart<PayoutsDataProvider> {
  return {
    resources: {
      [PAYOUTS_RESOURCE]: {
        create: async (_resource, params) => asRecords({ data: await post<RaRecord>(PAYOUTS_RESOURCE, toPayoutPayload(params.data, true)) }),
        // PATCH takes amount, status, rentalDays and notes; the owner's name stays from the list.
        update: async (_resource, params) => {
          const changed = await call<RaRecord>('PATCH', `${adminUrl}/${PAYOUTS_RESOURCE}/${encodeURIComponent(params.id)}`, toPayoutPayload(params.data, false));
          return asRecords({ data: { ...params.previousData, ...changed } });
        },
      },
    },
    methods: {
      calculateRentalDays: (input) => post(`${PAYOUTS_RESOURCE}/calculate-rental-days`, input),
      payoutsOfYear: (userId, year) => call('GET', `${adminUrl}/${PAYOUTS_RESOURCE}/user/${encodeURIComponent(userId)}/year/${year}`),
      payoutLines: (payoutId) => call('GET', linesUrl(adminUrl, payoutId)),
      addPayoutLine: (payoutId, line) => call('POST', linesUrl(adminUrl, payoutId), line),
      updatePayoutLine: (payoutId, lineId, line) => call('PATCH', `${linesUrl(adminUrl, payoutId)}/${lineId}`, line),
      removePayoutLine: (payoutId, lineId) => call('DELETE', `${linesUrl(adminUrl, payoutId)}/${lineId}`),
      removePayoutReceipt: (payoutId, lineId) => call('DELETE', `${linesUrl(adminUrl, payoutId)}/${lineId}/receipt`),
      importPayoutLines: (csv) => post(`${PAYOUTS_RESOURCE}/lines/import`, { csv }),
    },
  };
}

const linesUrl = (adminUrl: string, payoutId: Identifier) => `${adminUrl}/${PAYOUTS_RESOURCE}/${encodeURIComponent(payoutId)}/lines`;

// The composed provider's type gains this part's calls (dataProviderPart.ts, PartCalls).
declare module '../dataProviderPart' {
  interface PartCalls {
    payouts: PayoutsDataProvider;
  }
}
