import { BadRequestException } from '@nestjs/common';
import { coded } from '../http-exception.filter';

export interface DateRange { start: Date; end: Date }

const MAX_SPAN_DAYS = 3 * 366;

/** A calendar read's window: valid, end after start, and bounded so one request cannot scan years of history. */
export function toDateRange(startDate: string, endDate: string): DateRange {
  const start = new Date(startDate);
  const end = new Date(endDate);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw new BadRequestException(coded('invalid_date', 'Invalid date'));
  if (end <= start) throw new BadRequestException(coded('range_end_before_start', 'endDate må være etter startDate'));
  if (end.getTime() - start.getTime() > MAX_SPAN_DAYS * 86_400_000) throw new BadRequestException(coded('range_too_long', 'Perioden kan ikke være lengre enn tre år'));
  return { start, end };
}

/** 'YYYY-MM-DD' of a range bound, for date columns (marked days). */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
