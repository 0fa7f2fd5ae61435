import { OmitType, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { ListQueryParams } from '../common/api.dto';
import { IsRowId } from '../common/ids';
import { IsOmittable, OMITTABLE_NOT_NULL } from '../common/optional';
import { OptionalPropertyId } from '../properties/property-id.dto';
import { multiLine, toSingleLine } from '../common/text/control-characters';
import { IsCalendarDate } from '../common/time/iso-date';
import { AGREEMENT_STATUSES, type AgreementStatus, MEETING_TYPES, type MeetingType } from './agreement.entity';

const toMultiLine = ({ value }: { value: unknown }) => (typeof value === 'string' ? multiLine(value) : value);
const NO_DATE = 'Ugyldig dato';

/** A new agreement (docs/product/agreements.md#validation-and-limits). The place may come as meetingLocation (the create form) or location (the edit form). */
export class CreateAgreementDto {
  /**
   * The owner the meeting is with: a regular user (the picker leaves admins out), a member of `propertyId` when that
   * comes too. Without `propertyId` the meeting is about this person's first property; without `userId`, the
   * property's owner.
   */
  @ValidateIf((o: CreateAgreementDto) => o.propertyId === undefined || o.userId !== undefined)
  @IsRowId({ message: 'Bruker må velges' })
  @IsNotEmpty({ message: 'Bruker må velges' })
  userId?: number;

  /** The property the meeting is about (docs/product/agreements.md#who-may-do-what). */
  @OptionalPropertyId()
  propertyId?: number;

  @Transform(toSingleLine)
  @MaxLength(255, { message: 'Tittelen kan ikke være lengre enn 255 tegn' })
  @IsNotEmpty({ message: 'Tittel er påkrevd' })
  @IsString({ message: 'Tittel er påkrevd' })
  title: string;

  @Transform(toMultiLine)
  @IsOptional()
  @IsString()
  @MaxLength(10000, { message: 'Beskrivelsen er for lang' })
  description?: string | null;

  /** ISO date-time; now when left out (docs/product/agreements.md#data-and-states). */
  @IsOmittable()
  @IsCalendarDate({ message: NO_DATE })
  meetingDate?: string;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsCalendarDate({ message: NO_DATE })
  endDate?: string | null;

  @Transform(toSingleLine)
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'Stedet kan ikke være lengre enn 500 tegn' })
  meetingLocation?: string | null;

  /** The same place under the edit form's name; meetingLocation wins when both come. */
  @Transform(toSingleLine)
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'Stedet kan ikke være lengre enn 500 tegn' })
  location?: string | null;

  @IsOmittable()
  @IsIn(MEETING_TYPES, { message: 'Ugyldig møtetype' })
  meetingType?: MeetingType;

  @IsOmittable()
  @IsIn(AGREEMENT_STATUSES, { message: 'Ugyldig status' })
  status?: AgreementStatus;
}

/** The edit dialog's fields; the owner and the property of an agreement never change. */
export class UpdateAgreementDto extends PartialType(OmitType(CreateAgreementDto, ['userId', 'propertyId'] as const), OMITTABLE_NOT_NULL) {}

/** A note on an agreement (docs/product/agreements.md#validation-and-limits). Only staff may write private notes. */
export class CreateAgreementNoteDto {
  @Transform(toMultiLine)
  @MaxLength(10000, { message: 'Notatet er for langt' })
  @MinLength(1, { message: 'Innhold er påkrevd' })
  @IsNotEmpty({ message: 'Innhold er påkrevd' })
  @IsString({ message: 'Innhold er påkrevd' })
  content: string;

  @IsOmittable()
  @IsBoolean()
  isPrivate?: boolean;
}

export class AgreementsQuery extends ListQueryParams {
  /** Only the agreements made with this owner (staff); a member always sees their property's. */
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig bruker-ID' })
  userId?: number;
}

export class AgreementResponse {
  id: number;
  adminId: number | null;
  userId: number;
  userName: string | null;
  adminName: string | null;
  /** The property the meeting is about, and its name (null for one written without a property). */
  propertyId: number | null;
  propertyName: string | null;
  title: string;
  description: string | null;
  meetingDate: Date;
  endDate: Date | null;
  meetingLocation: string | null;
  /** The same value as meetingLocation, under the edit form's name. */
  location: string | null;
  meetingType: MeetingType;
  status: AgreementStatus;
  completedAt: Date | null;
  cancelledAt: Date | null;
  reminderSent: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export class CreatedAgreementResponse extends AgreementResponse {
  /** True when the invitation mail was queued for the owner ('Avtale opprettet' then says they were notified). */
  notified: boolean;
}

export class AgreementNoteResponse {
  id: number;
  agreementId: number;
  authorId: number | null;
  content: string;
  isPrivate: boolean;
  authorName: string | null;
  authorIsAdmin: boolean;
  createdAt: Date;
}
