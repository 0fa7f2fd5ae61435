/** SPEC §9 date formats for the back office: dd.MM.yyyy HH:mm in both languages. */
import { format } from 'date-fns';

export function formatDateTime(value: string | number | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : format(date, 'dd.MM.yyyy HH:mm');
}
