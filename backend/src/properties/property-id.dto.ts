import { applyDecorators, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { coded } from '../common/http-exception.filter';
import { IsRowId, parseId } from '../common/ids';
import { IsOmittable } from '../common/optional';

const invalid = () => new BadRequestException(coded('invalid_property_id', 'Ugyldig eiendom'));

/**
 * `@Query('propertyId', PropertyIdPipe)`: the property a request names (docs/product/properties.md#who-may-do-what),
 * a positive id written as plain digits, or none (undefined: the person's first property); anything else is 400
 * before any query runs.
 */
@Injectable()
export class PropertyIdPipe implements PipeTransform<unknown, number | undefined> {
  transform(value: unknown): number | undefined {
    if (value === undefined) return undefined;
    const id = typeof value === 'string' ? parseId(value) : undefined;
    if (id === undefined) throw invalid();
    return id;
  }
}

/** The route's `?propertyId=`, as the API documents it. */
export const PropertyIdQuery = () =>
  applyDecorators(ApiQuery({ name: 'propertyId', required: false, type: Number, description: 'The property; without it, the caller’s first.' }));

/** A body's optional `propertyId` (a create's, beside `?propertyId=`): a positive row id. */
export function OptionalPropertyId(): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ type: Number, description: 'The property; without it (and without ?propertyId=), the caller’s first.' })(target, key);
    IsOmittable()(target, key);
    IsRowId({ message: 'Ugyldig eiendom' })(target, key);
  };
}
