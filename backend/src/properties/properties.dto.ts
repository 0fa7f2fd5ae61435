import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { ListQueryParams } from '../common/api.dto';
import { IsRowId } from '../common/ids';
import { IsDecimal } from '../common/money';
import { IsOmittable } from '../common/optional';
import { toSingleLine } from '../common/text/control-characters';
import type { PropertyRole } from './property-member.entity';
import type { Property } from './property.entity';

const NAME_TEXT = 'Navn er påkrevd';
const NAME_LENGTH = 'Navnet kan ikke være lengre enn 100 tegn';
const ADDRESS_LENGTH = 'Adressen kan ikke være lengre enn 300 tegn';
const SHARE_TEXTS = { required: 'Andel er påkrevd', invalid: 'Andel må være et tall mellom 0 og 100 med høyst to desimaler' };

/** PATCH /api/properties/{id} (owner and co-owners) and PATCH /api/admin/properties/{id}. */
export class UpdatePropertyDto {
  @IsOmittable()
  @Transform(toSingleLine)
  @MaxLength(100, { message: NAME_LENGTH })
  @IsNotEmpty({ message: NAME_TEXT })
  @IsString({ message: NAME_TEXT })
  name?: string;

  /** Null clears it. */
  @IsOptional()
  @Transform(toSingleLine)
  @MaxLength(300, { message: ADDRESS_LENGTH })
  @IsString({ message: ADDRESS_LENGTH })
  address?: string | null;
}

/** POST /api/admin/properties: a property and its owner. */
export class CreatePropertyDto {
  @Transform(toSingleLine)
  @MaxLength(100, { message: NAME_LENGTH })
  @IsNotEmpty({ message: NAME_TEXT })
  @IsString({ message: NAME_TEXT })
  name: string;

  @IsRowId({ message: 'Eier må velges' })
  @IsDefined({ message: 'Eier må velges' })
  ownerUserId: number;

  @IsOptional()
  @Transform(toSingleLine)
  @MaxLength(300, { message: ADDRESS_LENGTH })
  @IsString({ message: ADDRESS_LENGTH })
  address?: string | null;
}

export const MEMBER_ROLES = ['owner', 'co-owner', 'viewer'] as const;

/** PATCH /api/properties/{id}/members/{userId}: a member's role and whether a viewer sees money (the owner's). */
export class UpdateMemberDto {
  @IsOmittable()
  @IsIn(MEMBER_ROLES, { message: 'Rollen må være owner, co-owner eller viewer' })
  @ApiProperty({ enum: MEMBER_ROLES, required: false })
  role?: PropertyRole;

  @IsOmittable()
  @IsBoolean({ message: 'canSeeMoney må være true eller false' })
  canSeeMoney?: boolean;
}

export class ShareDto {
  @IsRowId({ message: 'Ugyldig bruker-ID' })
  @IsDefined({ message: 'Ugyldig bruker-ID' })
  userId: number;

  @Matches(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, { message: SHARE_TEXTS.invalid })
  @IsDecimal(5, SHARE_TEXTS)
  share: string;
}

/** PUT /api/properties/{id}/shares: every owner's and co-owner's share at once; they must add up to 100. */
export class SharesDto {
  @ValidateNested({ each: true })
  @Type(() => ShareDto)
  @ArrayMaxSize(50, { message: 'For mange andeler' })
  @IsArray({ message: 'Andelene må være en liste' })
  shares: ShareDto[];
}

/** GET /api/admin/properties: react-admin's list, and ?userId= (a person's properties) and ?q= (name or address). */
export class AdminPropertiesQuery extends ListQueryParams {
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig bruker-ID' })
  userId?: number;

  @IsOptional()
  @MaxLength(100)
  @IsString()
  q?: string;
}

export class PropertyResponse {
  id: number;
  name: string;
  address: string | null;
  timezone: string;
}

/** A property as its member sees it in their list. */
export class MyPropertyResponse extends PropertyResponse {
  @ApiProperty({ enum: MEMBER_ROLES })
  role: PropertyRole;
  /** Percent as a decimal string, or null (viewers). */
  share: string | null;
  canSeeMoney: boolean;
}

/** One property with the caller's place in it ('staff' for staff who are no member). */
export class PropertyDetailResponse extends PropertyResponse {
  @ApiProperty({ enum: [...MEMBER_ROLES, 'staff'] })
  role: PropertyRole | 'staff';
}

export class MemberResponse {
  userId: number;
  name: string;
  email: string;
  @ApiProperty({ enum: MEMBER_ROLES })
  role: PropertyRole;
  share: string | null;
  canSeeMoney: boolean;
}

/** A property in the back office's list, with its owners' names. */
export class AdminPropertyResponse extends PropertyResponse {
  owners: string[];
  members: number;
}

export const mapProperty = (p: Property): PropertyResponse => ({ id: p.id, name: p.name, address: p.address, timezone: p.timezone });
