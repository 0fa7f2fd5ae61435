import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { coded, type FieldError } from './http-exception.filter';

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = prefix + e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return own.slice(0, 1).concat(flatten(e.children ?? [], `${field}.`));
  });
}

/** Validates and transforms every body and query; unknown properties are stripped. Messages are SPEC.md §5's texts. */
export function createValidationPipe() {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fieldErrors = flatten(errors);
      return new BadRequestException({ ...coded('validation', fieldErrors[0]?.message ?? 'Ugyldig forespørsel'), errors: fieldErrors });
    },
  });
}
