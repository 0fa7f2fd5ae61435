/** Client-side login checks (docs/product/auth-and-users.md#validation-and-limits). Results are i18n keys so the page shows them in either language. */
export interface LoginErrors {
  email?: string;
  password?: string;
}

// Same shape the server's @IsEmail accepts in practice: something@something.tld, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = 'validation.emailRequired';
  else if (!isValidEmail(trimmed)) errors.email = 'validation.emailInvalid';
  if (!password) errors.password = 'validation.passwordRequired';
  return errors;
}
