/**
 * react-hook-form glue. A form's rules stay in a plain function that returns an i18n key per invalid field
 * (the product's texts; unit-testable without React); keyResolver makes that function the form's resolver, and the
 * page shows `t(error.message)`.
 */
import type { FieldErrors, FieldValues, Resolver, UseFormRegisterReturn } from 'react-hook-form';

export type KeyErrors<T> = Partial<Record<keyof T & string, string>>;

export function keyResolver<T extends FieldValues>(validate: (values: T) => KeyErrors<T>): Resolver<T> {
  return (values) => {
    const found = Object.entries(validate(values)).filter(([, key]) => !!key);
    if (!found.length) return { values, errors: {} };
    const errors = Object.fromEntries(found.map(([name, message]) => [name, { type: 'validate', message }]));
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** A registered field as MUI TextField props: the ref goes to the <input> (for focus on error), not the wrapper. */
export function muiField({ ref, ...field }: UseFormRegisterReturn) {
  return { ...field, inputRef: ref };
}
