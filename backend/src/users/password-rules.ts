import { BadRequestException } from '@nestjs/common';
import { dictionary } from '@zxcvbn-ts/language-common';
import { coded } from '../common/http-exception.filter';

/**
 * Common passwords, from zxcvbn-ts's list (about 49,000, lower case): a new password in it is refused whatever its
 * length (docs/security.md#passwords). Read once, on first use.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'] as string[]);
  return common.has(password.toLowerCase());
}

/** Refuses a new password from the list of common ones with 400 `password_too_common` on the field `field`. */
export function refuseCommonPassword(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  const body = coded('password_too_common', 'Passordet er for vanlig og lett å gjette. Velg et annet.');
  throw new BadRequestException({ ...body, errors: [{ field, message: body.message }] });
}
