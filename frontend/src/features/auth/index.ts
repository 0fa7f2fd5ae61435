/** Sign-in's public face: the login form's fields and state (the maintenance screen's admin login) and its checks. */
export { LoginFields } from './LoginFields';
export { isValidEmail } from './loginValidation';
export { PASSWORD_MIN_LENGTH } from './resetValidation';
export { useLoginForm } from './useLoginForm';
/** The sign-in's second step (a code from the authenticator app), loaded when a sign-in asks for it. */
export const loadCodeStep = () => import('./CodeStep');
