/** The price interval dialog's rules (docs/product/payouts-and-prices.md#validation-and-limits), mirroring the server's. */
import { keyResolver, type KeyErrors } from '../../shared/forms';
import { toOre } from '../../shared/money';
import type { Price, PriceForm } from './types';

export const EMPTY_PRICE: PriceForm = { name: '', priceFrom: '', priceTo: '', discountPercent: '0', isActive: true };

/** A typed price: digits with at most two decimals; a comma works as the decimal point. */
export const normalizeDecimal = (text: string) => text.trim().replace(/\s/g, '').replace(',', '.');
const DECIMAL = /^\d{1,8}(\.\d{1,2})?$/;

export function validatePrice(form: PriceForm): KeyErrors<PriceForm> {
  const errors: KeyErrors<PriceForm> = {};
  const from = normalizeDecimal(form.priceFrom);
  const to = normalizeDecimal(form.priceTo);
  const discount = normalizeDecimal(form.discountPercent);
  if (!form.name.trim()) errors.name = 'prices.validation.nameRequired';
  else if (form.name.trim().length > 255) errors.name = 'prices.validation.nameTooLong';
  if (!from) errors.priceFrom = 'prices.validation.priceFromRequired';
  else if (!DECIMAL.test(from)) errors.priceFrom = 'prices.validation.priceInvalid';
  if (!to) errors.priceTo = 'prices.validation.priceToRequired';
  else if (!DECIMAL.test(to)) errors.priceTo = 'prices.validation.priceInvalid';
  else if (!errors.priceFrom && toOre(to) < toOre(from)) errors.priceTo = 'prices.validation.priceToBelowFrom';
  if (!discount) errors.discountPercent = 'prices.validation.discountRequired';
  else if (!/^\d{1,3}(\.\d{1,2})?$/.test(discount) || toOre(discount) > 10_000n) errors.discountPercent = 'prices.validation.discountRange';
  return errors;
}

export const priceResolver = keyResolver<PriceForm>(validatePrice);

export const toPayload = (form: PriceForm) => ({
  name: form.name.trim(),
  priceFrom: normalizeDecimal(form.priceFrom),
  priceTo: normalizeDecimal(form.priceTo),
  discountPercent: normalizeDecimal(form.discountPercent),
  isActive: form.isActive,
});

export const toForm = (p: Price): PriceForm => ({ name: p.name, priceFrom: p.priceFrom, priceTo: p.priceTo, discountPercent: p.discountPercent, isActive: p.isActive });
