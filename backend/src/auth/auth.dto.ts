import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MinLength } from 'class-validator';

export class LoginDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: 'E-postadresse må være gyldig' })
  @IsNotEmpty({ message: 'E-post er påkrevd' })
  @IsString({ message: 'E-post er påkrevd' })
  username: string;

  @IsNotEmpty({ message: 'Passord er påkrevd' })
  @IsString({ message: 'Passord er påkrevd' })
  password: string;
}

export class ResetPasswordDto {
  @IsNotEmpty({ message: 'No reset token available' })
  @IsString({ message: 'No reset token available' })
  token: string;

  @MinLength(6, { message: 'Password must be at least 6 characters long' })
  @IsString({ message: 'Password must be at least 6 characters long' })
  newPassword: string;
}

/** A one-time link to the password reset page, valid for 24 hours. */
export class ResetLinkResponse {
  resetLink: string;
  expiresAt: Date;
}
