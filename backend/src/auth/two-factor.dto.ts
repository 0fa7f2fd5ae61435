import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX, PASSWORD_TOO_LONG } from '../users/user.dto';

/** Longer than any code with spaces or dashes between its groups: anything past this is not a code. */
export const CODE_MAX = 32;
const CODE_TOO_LONG = 'Koden er for lang';
const CODE_REQUIRED = 'Koden er påkrevd';

export class TwoFactorCodeDto {
  /** A 6-digit code from the authenticator app, or (at sign-in and when turning it off) a recovery code. @example 123456 */
  @MaxLength(CODE_MAX, { message: CODE_TOO_LONG })
  @IsNotEmpty({ message: CODE_REQUIRED })
  @IsString({ message: CODE_REQUIRED })
  code: string;
}

/** Proof of identity before a sensitive change (docs/security.md#re-authentication). */
export class ReauthDto {
  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @IsNotEmpty({ message: 'Passord er påkrevd' })
  @IsString({ message: 'Passord er påkrevd' })
  password: string;

  /** With two-factor sign-in on: a code from the app or a recovery code. Ignored otherwise. @example 123456 */
  @IsOptional()
  @MaxLength(CODE_MAX, { message: CODE_TOO_LONG })
  @IsString({ message: CODE_REQUIRED })
  code?: string;
}

export class TwoFactorSetupResponse {
  /** The new secret in base32, for typing into an app by hand. Not active until confirmed with a code. */
  secret: string;
  /** The otpauth:// link an authenticator app reads from the QR code. */
  otpauthUrl: string;
}

export class RecoveryCodesResponse {
  /** Ten single-use codes, shown this once. */
  recoveryCodes: string[];
}

export class TwoFactorStatusResponse {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** True when this user is staff and the service requires staff to use two-factor sign-in. */
  required: boolean;
}

/** The answer to a correct password on an account with two-factor sign-in: the code is asked for next. */
export class TwoFactorChallengeResponse {
  twoFactorRequired: true;
}
