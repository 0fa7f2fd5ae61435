/** The owner's payouts (docs/product/payouts-and-prices.md): those of one year, read by the default GET of the key's URL. */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { Payout } from './types';

export const payoutsKeys = {
  /** Every year's read: the prefix a payout push refreshes. */
  all: ['/api/user/payouts'] as const,
  /** GET /api/user/payouts/year/{year}. */
  year: (year: number) => ['/api/user/payouts', 'year', year] as const,
};

export const usePayoutsOfYear = (year: number) =>
  useQuery<Payout[]>({ queryKey: payoutsKeys.year(year), queryFn: () => apiJson<Payout[]>('GET', `/api/user/payouts/year/${year}`) });
