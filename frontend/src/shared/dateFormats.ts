/**
 * the date and time formats, the same in both languages: dd.MM.yyyy, HH:mm (24-hour) and dd.MM.yyyy HH:mm.
 * Every date or time the app writes out goes through these; month names come from each language's Intl locale.
 * date-fns' lightFormat: these patterns are numbers only, so the locale-aware `format` (about 8 kB gzip) is not needed.
 */
import { lightFormat } from 'date-fns';

export const DATE_FORMAT = 'dd.MM.yyyy';
export const TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** 'dd.MM.yyyy HH:mm', or null for a missing or unreadable value. */
export function formatDateTime(value: string | number | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? null : lightFormat(date, DATE_TIME_FORMAT);
}

export const formatDate = (value: Date): string => lightFormat(value, DATE_FORMAT);
export const formatTime = (value: Date): string => lightFormat(value, TIME_FORMAT);
