/** Form rules for users (docs/product/auth-and-users.md#validation-and-limits); the server checks the same. */
import { email, maxLength, minLength, required } from 'react-admin';

export const PASSWORD_MIN = 12;

export const validateUsername = [required('resources.users.validation.emailRequired'), email('resources.users.validation.emailInvalid')];
export const validateEmail = [required('resources.users.validation.emailRequired'), email('resources.users.validation.emailInvalid')];
export const validateName = [required('resources.users.validation.nameRequired')];
export const validatePassword = [
  required('resources.users.validation.passwordRequired'),
  minLength(PASSWORD_MIN, 'resources.users.validation.passwordMin'),
];
export const validatePhone = [maxLength(20, 'resources.users.validation.phoneMax')];
export const validateAccountNumber = [maxLength(30, 'resources.users.validation.accountMax')];

/** The same password rule for react-hook-form fields (the change-password dialog). */
export const passwordRules = {
  required: 'resources.users.validation.passwordRequired',
  minLength: { value: PASSWORD_MIN, message: 'resources.users.validation.passwordMin' },
};

/** A block needs a reason that is not blank (docs/product/auth-and-users.md#validation-and-limits). */
export const blockReasonRules = {
  validate: (reason: string) => reason.trim() !== '' || 'resources.users.validation.reasonRequired',
};
