import type { components } from '../../api/schema';

export type Price = components['schemas']['PriceResponse'];
/** The dialog's fields; prices as typed (decimal text), sent as decimal strings. */
export interface PriceForm { name: string; priceFrom: string; priceTo: string; discountPercent: string; isActive: boolean }
