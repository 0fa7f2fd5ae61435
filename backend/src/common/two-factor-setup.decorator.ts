import { SetMetadata } from '@nestjs/common';

export const ALLOWED_BEFORE_TWO_FACTOR = 'allowedBeforeTwoFactor';

/**
 * A route staff may use before they have turned on two-factor sign-in while the service requires it: what the
 * setup screen needs (docs/security.md, Two-factor sign-in). Every other signed-in route answers them 403.
 */
export const AllowedBeforeTwoFactor = () => SetMetadata(ALLOWED_BEFORE_TWO_FACTOR, true);

/**
 * Whether a staff member must still turn on two-factor sign-in (REQUIRE_STAFF_2FA or the `security.requireStaff2fa`
 * setting). The /ws upgrade and the notifications gateway ask through this token, which the auth module provides
 * (its TwoFactorService), so common and notifications import no auth code.
 */
export interface StaffTwoFactorRule {
  mustSetUp(user: { isAdmin: boolean; isMiniAdmin: boolean; twoFactorEnabled?: boolean }): Promise<boolean>;
}

export const STAFF_TWO_FACTOR_RULE = Symbol('StaffTwoFactorRule');
