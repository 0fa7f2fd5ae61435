/**
 * A property's payouts (docs/product/payouts-and-prices.md): those of one year, of the chosen property (null: the
 * person's first, so no `?propertyId=` is sent).
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiJson } from '../../api/client';
import type { Payout, PayoutDetail } from './types';

import { payoutsKeys } from './payoutsKeys';

export { payoutsKeys };

/** `?propertyId=` for a property other than the person's first. */
export const propertyQuery = (propertyId: number | null) => (propertyId === null ? '' : `propertyId=${propertyId}`);

export const usePayoutsOfYear = (year: number, propertyId: number | null) =>
  useQuery<Payout[]>({
    queryKey: payoutsKeys.year(year, propertyId),
    queryFn: () => apiJson<Payout[]>('GET', `/api/user/payouts/year/${year}${propertyId === null ? '' : `?${propertyQuery(propertyId)}`}`),
    // A viewer not allowed to see the money is told so at once, not after the retries.
    retry: (failures, error) => !(error instanceof ApiError && error.code === 'property_money_hidden') && failures < 3,
  });

/** One payout explained: its lines and the month's stays (docs/product/payouts-and-prices.md#the-payout-explained). */
export const usePayoutDetail = (id: number) =>
  useQuery<PayoutDetail>({
    queryKey: payoutsKeys.detail(id),
    queryFn: () => apiJson<PayoutDetail>('GET', `/api/user/payouts/${id}`),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 3,
  });

/** Where a line's receipt is read (served as an attachment with the case files' safe headers). */
export const receiptUrl = (payoutId: number, lineId: number) => `/api/user/payouts/${payoutId}/lines/${lineId}/receipt`;
