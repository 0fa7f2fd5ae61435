import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { coded, type ErrorParams, type FieldError } from './http-exception.filter';
import { inspectInput, MAX_NESTING, type InputProblem } from './outside-names';

/**
 * The field code of each class-validator rule (docs/api.md#errors): what a client shows in its reader's language
 * (`fieldErrors.<code>`), beside the Norwegian message. A rule not named here is `invalid`.
 */
const FIELD_CODES: ReadonlyMap<string, string> = new Map([
  ['isNotEmpty', 'required'],
  ['isDefined', 'required'],
  ['arrayMinSize', 'required'],
  ['maxLength', 'too_long'],
  ['minLength', 'too_short'],
  ['length', 'length'],
  ['arrayMaxSize', 'too_many'],
  ['min', 'too_small'],
  ['max', 'too_large'],
  ['isInt', 'not_a_whole_number'],
  ['isNumber', 'not_a_number'],
  ['isDecimal', 'not_a_number'],
  ['isString', 'not_text'],
  ['isBoolean', 'not_a_boolean'],
  ['isArray', 'not_a_list'],
  ['isObject', 'invalid'],
  ['isIn', 'invalid_choice'],
  ['isEnum', 'invalid_choice'],
  ['isEmailAddress', 'invalid_email'],
  ['isEmail', 'invalid_email'],
  ['isUrl', 'invalid_url'],
  ['isCalendarDate', 'invalid_date'],
  ['isDateString', 'invalid_date'],
  ['isISO8601', 'invalid_date'],
  ['isRowId', 'invalid_id'],
  ['matches', 'invalid_format'],
]);

/** The code of a field given nothing (undefined, null or ''), whatever rule it failed: it is required. */
const NOTHING_GIVEN_CODE = 'required';

/** The limits a rule names (`max` for maxLength and max, `min` for minLength and min), read from its metadata. */
function limitsOf(error: ValidationError, rule: string): ErrorParams | undefined {
  const target = error.target?.constructor;
  if (!target) return undefined;
  const meta = getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .find((m) => m.propertyName === error.property && (m.name === rule || m.type === rule));
  const [first, second] = (meta?.constraints ?? []) as unknown[];
  if (typeof first !== 'number') return undefined;
  if (rule === 'maxLength' || rule === 'max' || rule === 'arrayMaxSize') return { max: first };
  if (rule === 'minLength' || rule === 'min' || rule === 'arrayMinSize') return { min: first };
  if (rule === 'length' && typeof second === 'number') return { min: first, max: second };
  return undefined;
}

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = prefix + e.property;
    const own: FieldError[] = Object.entries(e.constraints ?? {}).slice(0, 1).map(([rule, message]) => {
      // Any rule an absent value fails (a type check runs first) says what is wrong: nothing was given.
      if (e.value === undefined || e.value === null || e.value === '') return { field, message, code: NOTHING_GIVEN_CODE };
      const params = limitsOf(e, rule);
      return { field, message, code: FIELD_CODES.get(rule) ?? 'invalid', ...(params ? { params } : {}) };
    });
    return own.concat(flatten(e.children ?? [], `${field}.`));
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
  return new BadRequestException({ ...body, errors: [{ field, message: body.message, code: body.code }] });
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
    // The target lets a field error name its rule's limit (limitsOf); the answer never carries it.
    validationError: { target: true, value: true },
    exceptionFactory: (errors) => {
      const fieldErrors = flatten(errors);
      return new BadRequestException({ ...coded('validation', fieldErrors[0]?.message ?? 'Ugyldig forespørsel'), errors: fieldErrors });
    },
  });
}
