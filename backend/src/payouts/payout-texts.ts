import type { Language } from '../common/user-language';

/**
 * How a payout is named in notifications and mails (docs/product/payouts-and-prices.md#notifications). The bell's
 * params are the same in both languages, as its dates are: the amount written the Norwegian way with its currency
 * code, the month as MM.yyyy. A mail, written once for one reader, is in their language throughout.
 */
export const payoutAmount = (amount: string, currency: string): string => `${formatAmount(amount, 'nb')} ${currency}`;

export const payoutPeriod = (year: number, month: number): string => `${String(month).padStart(2, '0')}.${year}`;

const LOCALE: Record<Language, string> = { nb: 'nb-NO', en: 'en-GB' };

/** numeric(10,2) text in the reader's way of writing numbers; parsed as text, never as a float. */
export function formatAmount(amount: string, language: Language): string {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace(/^-/, '').split('.');
  const grouped = new Intl.NumberFormat(LOCALE[language], { useGrouping: true }).format(BigInt(whole));
  return `${negative ? '-' : ''}${grouped}${language === 'nb' ? ',' : '.'}${(fraction + '00').slice(0, 2)}`;
}

/** "mars 2027" / "March 2027". */
export const monthName = (year: number, month: number, language: Language): string =>
  new Intl.DateTimeFormat(LOCALE[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 15)));
