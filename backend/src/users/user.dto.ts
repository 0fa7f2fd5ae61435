import { OmitType, PartialType, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmailAddress } from '../common/text/email-address';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsRowId } from '../common/ids';
import { IsOmittable, OMITTABLE_NOT_NULL } from '../common/optional';
import { ListQueryParams } from '../common/api.dto';
import { toSingleLine } from '../common/text/control-characters';
import type { AccountNumberLog } from './account-number-log.entity';
import type { User } from './user.entity';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

/** New passwords (docs/security.md#passwords); existing shorter ones keep signing in. */
export const PASSWORD_MIN = 12;
/** Hashing a password costs time in proportion to its length; nobody types more than this. */
export const PASSWORD_MAX = 1024;
export const PASSWORD_TOO_LONG = 'Passordet kan ikke være lengre enn 1024 tegn';
/** The message an admin leaves on a user's calendar. */
export const ADMIN_INFO_MAX = 5000;

/** What the API says about a user. Never the password or its hash. */
export class UserResponse {
  id: number;
  username: string;
  name: string;
  email: string;
  isAdmin: boolean;
  isMiniAdmin: boolean;
  isBlocked: boolean;
  blockReason: string | null;
  blockedAt: Date | null;
  adminInfo: string | null;
  adminInfoUpdatedAt: Date | null;
  lastLoginAt: Date | null;
  phoneNumber: string | null;
  accountNumber: string | null;
  /** Whether signing in asks for a code from an authenticator app too (docs/security.md). */
  twoFactorEnabled: boolean;
  createdAt: Date;
}

export function mapUser(u: User): UserResponse {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    email: u.email,
    isAdmin: u.isAdmin,
    isMiniAdmin: u.isMiniAdmin,
    isBlocked: u.isBlocked,
    blockReason: u.blockReason,
    blockedAt: u.blockedAt,
    adminInfo: u.adminInfo,
    adminInfoUpdatedAt: u.adminInfoUpdatedAt,
    lastLoginAt: u.lastLoginAt,
    phoneNumber: u.phoneNumber,
    accountNumber: u.accountNumber,
    twoFactorEnabled: u.twoFactorEnabled ?? false,
    createdAt: u.createdAt,
  };
}

export class ContactFields {
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(20, { message: 'Telefonnummer kan ikke være lengre enn 20 tegn' })
  phoneNumber?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(30, { message: 'Kontonummer kan ikke være lengre enn 30 tegn' })
  accountNumber?: string | null;
}

export class CreateUserDto extends ContactFields {
  @Transform(trim)
  @IsEmailAddress({ message: 'E-postadresse må være gyldig' })
  @IsNotEmpty({ message: 'E-post er påkrevd' })
  @IsString({ message: 'E-post er påkrevd' })
  username: string;

  @Transform(toSingleLine)
  @MaxLength(255, { message: 'Navn kan ikke være lengre enn 255 tegn' })
  @IsNotEmpty({ message: 'Navn er påkrevd' })
  @IsString({ message: 'Navn er påkrevd' })
  name: string;

  /** Defaults to the username: accounts are created from an e-mail address. */
  @IsOmittable()
  @Transform(trim)
  @IsEmailAddress({ message: 'E-postadresse må være gyldig' })
  email?: string;

  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @MinLength(PASSWORD_MIN, { message: 'Passord må være minst 12 tegn' })
  @IsString({ message: 'Passord er påkrevd' })
  password: string;

  @IsOmittable()
  @IsBoolean()
  isAdmin?: boolean;

  @IsOmittable()
  @IsBoolean()
  isMiniAdmin?: boolean;
}

/** Every field of a new user is optional on update; the password changes through change-password only. */
export class UpdateUserDto extends PartialType(OmitType(CreateUserDto, ['password', 'email'] as const), OMITTABLE_NOT_NULL) {
  /** Unlike on create, an e-mail sent on update may not be blank. */
  @IsOmittable()
  @Transform(trim)
  @IsEmailAddress({ message: 'E-postadresse må være gyldig' })
  @IsNotEmpty({ message: 'E-post er påkrevd' })
  email?: string;

  /** The message shown to the user on their calendar; empty clears it. */
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(ADMIN_INFO_MAX, { message: 'Meldingen kan ikke være lengre enn 5000 tegn' })
  adminInfo?: string | null;
}

/** A user's own profile: name and contact fields as on create, and an e-mail that may not be blank. */
export class UpdateProfileDto extends PickType(CreateUserDto, ['name', 'phoneNumber', 'accountNumber'] as const) {
  @Transform(trim)
  @IsEmailAddress({ message: 'E-postadresse må være gyldig' })
  @IsNotEmpty({ message: 'E-post er påkrevd' })
  email: string;
}

/** The proof is a recent re-authentication (docs/security.md#re-authentication), not a field here. */
export class ChangeOwnPasswordDto {
  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @MinLength(PASSWORD_MIN, { message: 'Passordet må være minst 12 tegn' })
  @IsString({ message: 'Passordet må være minst 12 tegn' })
  newPassword: string;
}

export class AdminSetPasswordDto {
  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @MinLength(PASSWORD_MIN, { message: 'Passord må være minst 12 tegn' })
  @IsNotEmpty({ message: 'Passord er påkrevd' })
  @IsString({ message: 'Passord er påkrevd' })
  newPassword: string;
}

/** A query or body flag: true, false, or the words 'true' / 'false' a query string carries. */
const flag = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/**
 * What becomes of the appointments, meetings and cases a staff member holds when they are deleted or blocked
 * (docs/roles.md#removing-a-person): handed to a successor, or cancelled with the owners told. Without either, a
 * person who holds work is refused with 409 `staff_has_work`. The delete takes them in its query string, where
 * everything is text; the block in its JSON body, where a number and a boolean must be one.
 */
export class RemoveUserQuery {
  /** The staff member who takes the work over (an active administrator when cases are among it). */
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig etterfølger' })
  handOverTo?: number;

  /** Cancel the appointments and meetings (the owners are told) and give the cases back to customer service. */
  @IsOptional()
  @Transform(flag)
  @IsBoolean({ message: 'cancelWork må være true eller false' })
  cancelWork?: boolean;
}

export class WorkChoiceFields {
  /** The staff member who takes the work over (an active administrator when cases are among it). */
  @IsOmittable()
  @IsRowId({ message: 'Ugyldig etterfølger' })
  handOverTo?: number;

  /** Cancel the appointments and meetings (the owners are told) and give the cases back to customer service. */
  @IsOmittable()
  @IsBoolean({ message: 'cancelWork må være true eller false' })
  cancelWork?: boolean;
}

export class BlockUserDto extends WorkChoiceFields {
  @Transform(trim)
  @MaxLength(1000, { message: 'Begrunnelsen kan ikke være lengre enn 1000 tegn' })
  @IsNotEmpty({ message: 'Begrunnelse er påkrevd' })
  @IsString({ message: 'Begrunnelse er påkrevd' })
  reason: string;
}

/** One change of a user's payout account number. */
export class AccountNumberLogResponse {
  id: number;
  userId: number;
  changedById: number | null;
  oldAccountNumber: string | null;
  newAccountNumber: string | null;
  changeReason: string | null;
  createdAt: Date;
}

export function mapAccountNumberLog(l: AccountNumberLog): AccountNumberLogResponse {
  const { id, userId, changedById, oldAccountNumber, newAccountNumber, changeReason, createdAt } = l;
  return { id, userId, changedById, oldAccountNumber, newAccountNumber, changeReason, createdAt };
}

/** One change of a user's payout account number as the back office shows it: the numbers masked but for the last four digits. */
export class AccountNumberChangeResponse {
  id: number;
  changedAt: Date;
  changedById: number | null;
  /** The account that made the change; null once it is gone. */
  changedByName: string | null;
  /** @example ••••.••.•8901 */
  oldAccountNumber: string | null;
  /** @example ••••.••.•2345 */
  newAccountNumber: string | null;
  changeReason: string | null;
}

/** The staff user list's query: react-admin's list parameters, and `q` for the user pickers. */
export class UserListQuery extends ListQueryParams {
  /**
   * Words that each begin a word of the user's name, username, e-mail or phone number ('ole han', '912');
   * the same search as filter={"q":…}.
   */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;
}
