import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { coded } from '../http-exception.filter';

/** The years the product keeps figures for (payouts, nights): 2020–2100. */
export const MIN_YEAR = 2020;
export const MAX_YEAR = 2100;
export const YEAR_TEXT = `År må være mellom ${MIN_YEAR} og ${MAX_YEAR}`;

/** A year in a path or query: 2020–2100 written as four digits, or 400 `invalid_year` before any query runs. */
@Injectable()
export class ParseYearPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const year = /^\d{4}$/.test(String(value)) ? Number(value) : NaN;
    if (!(year >= MIN_YEAR && year <= MAX_YEAR)) throw new BadRequestException(coded('invalid_year', YEAR_TEXT));
    return year;
  }
}
