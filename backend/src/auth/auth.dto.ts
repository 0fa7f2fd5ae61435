import { Transform } from 'class-transformer';
import { IsEmailAddress } from '../common/text/email-address';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG } from '../users/user.dto';

export class LoginDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmailAddress({ message: 'E-postadresse må være gyldig' })
  @IsNotEmpty({ message: 'E-post er påkrevd' })
  @IsString({ message: 'E-post er påkrevd' })
  username: string;

  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @IsNotEmpty({ message: 'Passord er påkrevd' })
  @IsString({ message: 'Passord er påkrevd' })
  password: string;
}

export class ResetPasswordDto {
  @IsNotEmpty({ message: 'No reset token available' })
  @IsString({ message: 'No reset token available' })
  token: string;

  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @MinLength(PASSWORD_MIN, { message: 'Passordet må være minst 12 tegn' })
  @IsString({ message: 'Passordet må være minst 12 tegn' })
  newPassword: string;
}

/** A one-time link to the password reset page, valid for 24 hours. */
export class ResetLinkResponse {
  resetLink: string;
  expiresAt: Date;
  /** True when the link was also queued as a mail to the user (only when SMTP_URL is set). */
  mailed: boolean;
}
