/** The owner's year view (docs/product/insights.md): a year's figures and the year before, of the chosen property. */
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiJson } from '../../api/client';
import type { components } from '../../api/schema';
import { insightsKeys } from './insightsKeys';

export { insightsKeys };

export type Insights = components['schemas']['InsightsResponse'];
export type YearFigures = components['schemas']['InsightsFiguresResponse'];
export type MonthFigures = components['schemas']['InsightsMonthResponse'];

export const useInsights = (year: number, propertyId: number | null) =>
  useQuery<Insights>({
    queryKey: insightsKeys.year(year, propertyId),
    queryFn: () => apiJson<Insights>('GET', `/api/user/insights?year=${year}${propertyId === null ? '' : `&propertyId=${propertyId}`}`),
    // A viewer not allowed to see the money is told so at once, not after the retries.
    retry: (failures, error) => !(error instanceof ApiError && error.code === 'property_money_hidden') && failures < 3,
  });
