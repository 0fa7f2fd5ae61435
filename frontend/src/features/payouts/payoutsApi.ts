/**
 * A property's payouts (docs/product/payouts-and-prices.md): those of one year, of the chosen property (null: the
 * person's first, so no `?propertyId=` is sent).
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiJson } from '../../api/client';
import type { Payout } from './types';

export const payoutsKeys = {
  /** Every year's read: the prefix a payout push refreshes. */
  all: ['/api/user/payouts'] as const,
  /** GET /api/user/payouts/year/{year}, of the first property or, with its id after the year, another. */
  year: (year: number, propertyId: number | null) => (propertyId === null ? (['/api/user/payouts', 'year', year] as const) : (['/api/user/payouts', 'year', year, propertyId] as const)),
};

/** `?propertyId=` for a property other than the person's first. */
export const propertyQuery = (propertyId: number | null) => (propertyId === null ? '' : `propertyId=${propertyId}`);

export const usePayoutsOfYear = (year: number, propertyId: number | null) =>
  useQuery<Payout[]>({
    queryKey: payoutsKeys.year(year, propertyId),
    queryFn: () => apiJson<Payout[]>('GET', `/api/user/payouts/year/${year}${propertyId === null ? '' : `?${propertyQuery(propertyId)}`}`),
    // A viewer not allowed to see the money is told so at once, not after the retries.
    retry: (failures, error) => !(error instanceof ApiError && error.code === 'property_money_hidden') && failures < 3,
  });
