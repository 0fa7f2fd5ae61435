import { describe, expect, it } from 'vitest';
import { formatDecimal, formatOre, roundToKroner, sumOre, toOre } from './money';

describe('money in øre', () => {
  it('adds exactly: 0.10 + 0.20 is 0.30', () => {
    expect(sumOre([toOre('0.10'), toOre('0.20')])).toBe(30n);
    expect(formatOre(sumOre([toOre('0.1'), toOre('0.2')]), 'en')).toBe('0.30');
  });

  it('keeps the largest amount to the øre', () => {
    expect(toOre('99999999.99')).toBe(9_999_999_999n);
    expect(formatDecimal('99999999.99', 'en')).toBe('99,999,999.99');
    expect(formatDecimal('99999999.99', 'nb').replace(/\s/g, ' ')).toBe('99 999 999,99');
  });

  it('rounds to whole kroner half away from zero', () => {
    expect(roundToKroner(toOre('1250.50'))).toBe(1251n);
    expect(roundToKroner(toOre('1250.49'))).toBe(1250n);
    expect(roundToKroner(toOre('-0.50'))).toBe(-1n);
    expect(formatDecimal('99999999.99', 'nb', 0).replace(/\s/g, ' ')).toBe('100 000 000');
  });

  it('writes negatives with the language\'s minus sign', () => {
    expect(formatOre(-50n, 'en')).toBe('-0.50');
    expect(formatOre(-123456n, 'nb').replace(/\s/g, ' ')).toBe('−1 234,56');
  });
});
