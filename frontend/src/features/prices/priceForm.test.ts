import { describe, expect, it } from 'vitest';
import { EMPTY_PRICE, toPayload, validatePrice } from './priceForm';

describe('price interval form', () => {
  const valid = { ...EMPTY_PRICE, name: 'Høysesong', priceFrom: '1500', priceTo: '2 500,50', discountPercent: '10' };

  it('accepts the documented values and sends decimal strings', () => {
    expect(validatePrice(valid)).toEqual({});
    expect(toPayload(valid)).toEqual({ name: 'Høysesong', priceFrom: '1500', priceTo: '2500.50', discountPercent: '10', isActive: true });
  });

  it('names each problem', () => {
    expect(validatePrice(EMPTY_PRICE)).toEqual({ name: 'prices.validation.nameRequired', priceFrom: 'prices.validation.priceFromRequired', priceTo: 'prices.validation.priceToRequired' });
    expect(validatePrice({ ...valid, priceFrom: '10.005' }).priceFrom).toBe('prices.validation.priceInvalid');
    expect(validatePrice({ ...valid, priceFrom: '2500.51' }).priceTo).toBe('prices.validation.priceToBelowFrom');
    expect(validatePrice({ ...valid, discountPercent: '100.01' }).discountPercent).toBe('prices.validation.discountRange');
    expect(validatePrice({ ...valid, discountPercent: '' }).discountPercent).toBe('prices.validation.discountRequired');
  });
});
