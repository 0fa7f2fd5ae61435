import type { HousingType } from '../stays/stays.types';

/** An estimate in money: a decimal string (numeric(…,2)) in its currency. */
export class EstimateResponse {
  /** @example 12450.00 */
  amount: string;
  currency: string;
}

/**
 * A property's nights in a calendar year (docs/product/stays.md#the-years-nights): the owners' own and the rented, each
 * with the limit the rules or the law set and what is left of it (null: no limit).
 */
export class NightsResponse {
  propertyId: number;
  year: number;
  ownerNights: number;
  ownerNightsLimit: number | null;
  ownerNightsLeft: number | null;
  rentalDays: number;
  housingType: HousingType | null;
  rentalDayLimit: number | null;
  rentalDaysLeft: number | null;
  /**
   * What the owners' own stays this year would have earned at the property's active price intervals: an estimate
   * (the mean of each interval's middle price, less its discount, times the owner nights); null without intervals.
   */
  forgoneIncome: EstimateResponse | null;
}
