/** Settings → Profile checks (docs/product/auth-and-users.md#validation-and-limits). Results are i18n keys per field. */
import type { ProfileInput } from '../../shared/sessionApi';
import { keyResolver, type KeyErrors } from '../../shared/forms';
import { isValidEmail } from '../auth';

export const PHONE_MAX_LENGTH = 20;
export const ACCOUNT_NUMBER_MAX_LENGTH = 30;

export function validateProfile(form: ProfileInput): KeyErrors<ProfileInput> {
  const errors: KeyErrors<ProfileInput> = {};
  if (!form.name.trim()) errors.name = 'validation.nameRequired';
  if (!form.email.trim()) errors.email = 'validation.emailRequired';
  else if (!isValidEmail(form.email.trim())) errors.email = 'validation.emailInvalid';
  return errors;
}

/** The profile form's resolver (react-hook-form). */
export const profileResolver = keyResolver<ProfileInput>(validateProfile);
