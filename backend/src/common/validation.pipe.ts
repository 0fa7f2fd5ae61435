import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { coded, type FieldError } from './http-exception.filter';

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = prefix + e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return own.slice(0, 1).concat(flatten(e.children ?? [], `${field}.`));
  });
}

/** The first string in a request value (body, query or path parameter) that holds a NUL, by its dotted path. */
export function findNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findNul(key, path) ?? findNul(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

const PRIMITIVES: unknown[] = [Number, String, Boolean];

/**
 * Refuses NUL anywhere in a request before any DTO runs: PostgreSQL cannot store it in text, and no field of this
 * API has a use for it. A single path parameter reaches its own pipe (ParseIdPipe) as sent: the base pipe's
 * Number() would read '1 ', '1e3' and '0x10' as ids.
 */
class RequestValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type !== 'custom') {
      const field = findNul(value, metadata.type === 'param' ? (metadata.data ?? '') : '');
      if (field) throw new BadRequestException({ ...coded('invalid_characters', 'Teksten inneholder ugyldige tegn'), errors: [{ field, message: 'Teksten inneholder ugyldige tegn' }] });
    }
    if (metadata.type === 'param' && PRIMITIVES.includes(metadata.metatype)) return value;
    return super.transform(value, metadata);
  }
}

/** Validates and transforms every body and query; unknown properties are stripped. Messages are SPEC.md §5's texts. */
export function createValidationPipe() {
  return new RequestValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fieldErrors = flatten(errors);
      return new BadRequestException({ ...coded('validation', fieldErrors[0]?.message ?? 'Ugyldig forespørsel'), errors: fieldErrors });
    },
  });
}
