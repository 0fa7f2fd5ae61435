import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsEmailAddress } from '../common/text/email-address';
import { toSingleLine } from '../common/text/control-characters';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG } from '../users/user.dto';
import { INVITED_ROLES, type InvitedRole } from './property-invitation.entity';

const EMAIL_TEXT = 'E-postadresse må være gyldig';
const lowerTrimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** POST /api/properties/{id}/invitations: whom to invite, as what. */
export class CreateInvitationDto {
  @Transform(lowerTrimmed)
  @MaxLength(254, { message: EMAIL_TEXT })
  @IsEmailAddress({ message: EMAIL_TEXT })
  @IsNotEmpty({ message: 'E-post er påkrevd' })
  @IsString({ message: 'E-post er påkrevd' })
  email: string;

  @IsIn(INVITED_ROLES, { message: 'Rollen må være co-owner eller viewer' })
  @ApiProperty({ enum: INVITED_ROLES })
  role: InvitedRole;

  /** For a viewer: whether they see payouts and statements (co-owners always do). */
  @IsOptional()
  @IsBoolean({ message: 'canSeeMoney må være true eller false' })
  canSeeMoney?: boolean;
}

/**
 * POST /api/invitations/{token}/accept. Signed in, nothing: the signed-in person joins. Signed out, a name and a
 * password of their own: the account is made for the invited address (the password rules apply).
 */
export class AcceptInvitationDto {
  @IsOptional()
  @Transform(toSingleLine)
  @MaxLength(255, { message: 'Navn kan ikke være lengre enn 255 tegn' })
  @IsNotEmpty({ message: 'Navn er påkrevd' })
  @IsString({ message: 'Navn er påkrevd' })
  name?: string;

  @IsOptional()
  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @MinLength(PASSWORD_MIN, { message: 'Passordet må være minst 12 tegn' })
  @IsString({ message: 'Passordet må være minst 12 tegn' })
  password?: string;
}

/** A pending invitation as its property's owner sees it; `link` only in the answer that made it. */
export class InvitationResponse {
  id: number;
  email: string;
  @ApiProperty({ enum: INVITED_ROLES })
  role: InvitedRole;
  canSeeMoney: boolean;
  expiresAt: Date;
  createdAt: Date;
}

export class CreatedInvitationResponse extends InvitationResponse {
  /** The single-use link, for the owner to pass on themselves as well. */
  link: string;
  /** True when the link was also queued as a mail to the address (only when SMTP_URL is set). */
  mailed: boolean;
}

/** What the invitation page shows before it is accepted (GET /api/invitations/{token}). */
export class InvitationPreviewResponse {
  propertyName: string;
  invitedBy: string;
  email: string;
  @ApiProperty({ enum: INVITED_ROLES })
  role: InvitedRole;
  expiresAt: Date;
  /** Whether an account with the invited address exists: then the person signs in to accept. */
  hasAccount: boolean;
}

export class AcceptedInvitationResponse {
  propertyId: number;
  /** True when the acceptance made the account: the app signs in with the password just chosen. */
  accountCreated: boolean;
}
