import { SetMetadata } from '@nestjs/common';

export const ALLOWED_BEFORE_TWO_FACTOR = 'allowedBeforeTwoFactor';

/**
 * A route staff may use before they have turned on two-factor sign-in while the service requires it: what the
 * setup screen needs (docs/security.md, Two-factor sign-in). Every other signed-in route answers them 403.
 */
export const AllowedBeforeTwoFactor = () => SetMetadata(ALLOWED_BEFORE_TWO_FACTOR, true);
