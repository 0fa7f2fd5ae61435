/**
 * Money as the API sends it (numeric(10,2) as a decimal string), handled as integer øre (bigint) so that sums
 * and rounding are exact: never a JavaScript float. Formatting follows the reader's language.
 */

/** '1234.5' → 123450n øre. */
export function toOre(text: string): bigint {
  const negative = text.trim().startsWith('-');
  const [whole, fraction = ''] = text.trim().replace(/^-/, '').split('.');
  const ore = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -ore : ore;
}

export const sumOre = (values: bigint[]): bigint => values.reduce((a, b) => a + b, 0n);

/** Whole kroner, half away from zero: 1250.50 → 1251, 1250.49 → 1250. */
export function roundToKroner(ore: bigint): bigint {
  const abs = ore < 0n ? -ore : ore;
  const kroner = (abs + 50n) / 100n;
  return ore < 0n ? -kroner : kroner;
}

const LOCALES: Record<string, string> = { nb: 'nb-NO', en: 'en-GB' };
export const localeOf = (language: string) => LOCALES[language] ?? LOCALES.nb;

/** A number in the reader's format: '12 500,50' in Norwegian, '12,500.50' in English; `decimals` 0 or 2. */
export function formatOre(ore: bigint, language: string, decimals: 0 | 2 = 2): string {
  const format = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 0 });
  const parts = new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 1 }).formatToParts(-1.5);
  const minus = parts.find((p) => p.type === 'minusSign')?.value ?? '-';
  const point = parts.find((p) => p.type === 'decimal')?.value ?? ',';
  const negative = ore < 0n;
  const abs = negative ? -ore : ore;
  if (decimals === 0) {
    const kroner = roundToKroner(abs);
    return (negative && kroner > 0n ? minus : '') + format.format(kroner);
  }
  return (negative ? minus : '') + format.format(abs / 100n) + point + String(abs % 100n).padStart(2, '0');
}

/** A decimal string from the API in the reader's format. */
export const formatDecimal = (text: string, language: string, decimals: 0 | 2 = 2) => formatOre(toOre(text), language, decimals);

/**
 * An amount from the API in whole units of its currency ('12 450 kr', 'NOK 12,450'), for estimates: Intl reads the
 * decimal string exactly and rounds half away from zero, so no float comes between the server's amount and the text.
 */
export const formatWholeMoney = (amount: string, currency: string, language: string): string =>
  new Intl.NumberFormat(localeOf(language), { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount as Intl.StringNumericLiteral);
