import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { coded, type FieldError } from './http-exception.filter';
import { inspectInput, MAX_NESTING, type InputProblem } from './outside-names';

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = prefix + e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return own.slice(0, 1).concat(flatten(e.children ?? [], `${field}.`));
  });
}

const PRIMITIVES: unknown[] = [Number, String, Boolean];

/** The 400 for what inspectInput found, with the field it sits in. */
function refusal(problem: InputProblem): BadRequestException {
  const { field } = problem;
  const body =
    problem.kind === 'nul' ? coded('invalid_characters', 'Teksten inneholder ugyldige tegn')
    : problem.kind === 'inherited_name' ? coded('invalid_field_name', `Ugyldig feltnavn: ${problem.name}`, { name: problem.name })
    : coded('too_deep', `Forespørselen er nestet dypere enn ${MAX_NESTING} nivåer`, { max: MAX_NESTING });
  return new BadRequestException({ ...body, errors: [{ field, message: body.message }] });
}

/**
 * Before any DTO runs, refuses in every body, query and path parameter: NUL (PostgreSQL cannot store it in text, and
 * no field of this API has a use for it), a key that names what every object inherits (`__proto__`, `constructor`,
 * `toString`…: class-transformer and later lookups would take it for the inherited member; docs/api.md, "Input that
 * names things") and nesting deeper than any form. A single path parameter reaches its own pipe (ParseIdPipe) as
 * sent: the base pipe's Number() would read '1 ', '1e3' and '0x10' as ids.
 */
class RequestValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type !== 'custom') {
      const problem = inspectInput(value, metadata.type === 'param' ? (metadata.data ?? '') : '');
      if (problem) throw refusal(problem);
    }
    if (metadata.type === 'query') {
      // queryStringRules refuses these before any route; this keeps a DTO from ever seeing an array for a string.
      const entries: [string, unknown][] = metadata.data ? [[metadata.data, value]] : Object.entries(value ?? {});
      const repeated = entries.find(([, item]) => item !== undefined && typeof item !== 'string')?.[0];
      if (repeated !== undefined) throw new BadRequestException(coded('query_parameter_repeated', `Parameteren ${repeated} kan bare gis én gang`, { name: repeated }));
    }
    if (metadata.type === 'param' && PRIMITIVES.includes(metadata.metatype)) return value;
    return super.transform(value, metadata);
  }
}

/** Validates and transforms every body and query; unknown properties are stripped. Messages are the documented texts. */
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
