import { ValidateIf, type ValidationOptions } from 'class-validator';

/**
 * May be left out, but not sent as null: for fields whose column takes no null. (`@IsOptional` lets null through,
 * and the database would refuse it later, or a default would silently replace it.)
 */
export const IsOmittable = (options?: ValidationOptions) => ValidateIf((_object, value) => value !== undefined, options);

/** Options for `PartialType` on update DTOs: a field may be left out, null only where the create DTO allows it. */
export const OMITTABLE_NOT_NULL = { skipNullProperties: false } as const;
