import { isEmail, ValidateBy, type ValidationOptions } from 'class-validator';

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/**
 * An e-mail address as the app takes one: validator's isEmail, and no control character anywhere (isEmail lets a
 * quoted local part carry them, and an address ends up in mail headers and logs: docs/security.md#e-mail-addresses).
 */
export function isEmailAddress(value: unknown): boolean {
  return typeof value === 'string' && !CONTROLS.test(value) && isEmail(value);
}

/** class-validator's rule for {@link isEmailAddress}. */
export const IsEmailAddress = (options?: ValidationOptions) =>
  ValidateBy({ name: 'isEmailAddress', validator: { validate: isEmailAddress, defaultMessage: () => 'E-postadresse må være gyldig' } }, options);
