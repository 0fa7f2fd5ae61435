/** The user's own password change (docs/product/auth-and-users.md#validation-and-limits). Results are i18n keys per field. */
import { keyResolver } from '../../shared/forms';
import { PASSWORD_MIN_LENGTH } from '../auth';

export interface PasswordForm {
  newPassword: string;
  confirmPassword: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordForm, string>>;

export function validatePasswordChange(form: PasswordForm): PasswordErrors {
  const errors: PasswordErrors = {};
  if (form.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = 'settings.password.tooShort';
  if (form.newPassword !== form.confirmPassword) errors.confirmPassword = 'settings.password.mismatch';
  return errors;
}

/** The password tab's resolver (react-hook-form). */
export const passwordChangeResolver = keyResolver<PasswordForm>(validatePasswordChange);
