/** Password-reset checks (docs/product/auth-and-users.md#validation-and-limits). Results are i18n keys. */
export const PASSWORD_MIN_LENGTH = 12;

export function validateReset(token: string | null, password: string, confirm: string): string | undefined {
  if (!token) return 'reset.noTokenAvailable';
  if (password.length < PASSWORD_MIN_LENGTH) return 'reset.tooShort';
  if (password !== confirm) return 'reset.mismatch';
  return undefined;
}
