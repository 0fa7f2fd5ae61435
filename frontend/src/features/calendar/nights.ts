/**
 * The year's nights of the property shown (docs/product/stays.md#the-years-nights): the owners' own nights and the
 * rented days, each against its limit, for the calendar's nights panel. Only the panel's lazy chunk imports this.
 */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { ResponseBody } from '../../api/types';
import { calendarKeys, type VisibleRange } from './calendarApi';

export type YearNights = ResponseBody<'Nights_year'>;
export type HousingType = NonNullable<YearNights['housingType']>;

/**
 * The year the calendar is on: that of the middle of its visible range, so a month grid that begins in late December
 * or a week over New Year counts as the month or week most of it shows.
 */
export function yearOfRange(range: VisibleRange): number {
  const middle = (Date.parse(range.startDate) + Date.parse(range.endDate)) / 2;
  return new Date(middle).getFullYear();
}

/**
 * Whether the panel has anything to say: a limit on the owners' nights, a housing type or a rental day limit, or
 * rented days. A property without rules keeps its calendar as it always was.
 */
export const hasNightsToShow = (nights: YearNights): boolean =>
  nights.ownerNightsLimit != null || nights.housingType != null || nights.rentalDayLimit != null || nights.rentalDays > 0;

export function useYearNights(propertyId: number, year: number) {
  return useQuery({
    queryKey: calendarKeys.nights.year(propertyId, year),
    queryFn: () => apiJson<YearNights>('GET', `/api/properties/${propertyId}/nights?year=${year}`),
    // Moving to another year keeps last year's numbers (titled with their year) until the new ones come.
    placeholderData: (previous) => (previous?.propertyId === propertyId ? previous : undefined),
  });
}
