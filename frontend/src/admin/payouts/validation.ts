/** The register/edit form's rules, mirroring the server (docs/product/payouts-and-prices.md#validation-and-limits). */
import type { Validator } from 'react-admin';

const DECIMAL = /^-?\d{1,8}([.,]\d{1,2})?$/;

/** Amount: required, at most two decimals, never negative, and an offset is a positive remainder. */
export const validateAmount: Validator = (value: unknown, values: { status?: string }) => {
  const text = value === null || value === undefined ? '' : String(value).trim().replace(/\s/g, '');
  if (!text) return 'resources.payouts.validation.amountRequired';
  if (!DECIMAL.test(text)) return 'resources.payouts.validation.amountInvalid';
  if (text.startsWith('-') && /[1-9]/.test(text)) return values.status === 'offset' ? 'resources.payouts.validation.offsetNegative' : 'resources.payouts.validation.amountNegative';
  return undefined;
};

export const validateRentalDays: Validator = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 31 ? undefined : 'resources.payouts.validation.rentalDays';
};

/** What POST and PATCH take: the amount as a decimal string ('1 250,50' → '1250.50'); empty optional fields as null. */
export function toPayoutPayload(data: Record<string, unknown>, withOwnerAndMonth: boolean) {
  const amount = String(data.amount ?? '').trim().replace(/\s/g, '').replace(',', '.');
  const rentalDays = data.rentalDays === '' || data.rentalDays === undefined || data.rentalDays === null ? null : Number(data.rentalDays);
  const notes = typeof data.notes === 'string' && data.notes.trim() ? data.notes.trim() : null;
  const paidDate = typeof data.paidDate === 'string' && data.paidDate ? data.paidDate : null;
  return {
    amount,
    status: data.status ?? 'pending',
    paidDate,
    rentalDays,
    notes,
    ...(withOwnerAndMonth ? { userId: Number(data.userId), month: Number(data.month), year: Number(data.year), currency: (data.currency as string) || 'NOK' } : {}),
  };
}
