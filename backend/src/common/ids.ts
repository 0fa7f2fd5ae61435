import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { IsInt, Max, Min, type ValidationOptions } from 'class-validator';
import { coded } from './http-exception.filter';

/** Row ids are PostgreSQL `integer` (int4): anything larger can name no row and must not reach a query. */
export const MAX_ID = 2 ** 31 - 1;

/** A positive int4 written as plain digits: no sign, blanks, exponent, fraction or hex. */
export function parseId(raw: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_ID ? id : undefined;
}

/** `@Param('id', ParseIdPipe)`: a row id from the path, or 400 before any query runs. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = parseId(String(value));
    if (id === undefined) throw new BadRequestException(coded('invalid_id', 'Ugyldig id'));
    return id;
  }
}

/** A row id in a body: a positive integer within int4. */
export function IsRowId(options?: ValidationOptions): PropertyDecorator {
  return (target, key) => {
    IsInt(options)(target, key);
    Min(1, options)(target, key);
    Max(MAX_ID, options)(target, key);
  };
}
