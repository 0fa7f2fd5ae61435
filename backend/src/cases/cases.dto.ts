import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsEmpty, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { ListQueryParams } from '../common/api.dto';
import { IsRowId } from '../common/ids';
import { OptionalPropertyId } from '../properties/property-id.dto';
import { IsOmittable } from '../common/optional';
import { multiLine, toSingleLine } from '../common/text/control-characters';
import {
  CASE_CATEGORIES, CASE_DEPARTMENTS, CASE_PRIORITIES, CASE_STATUSES, type CaseCategory, type CaseDepartment, type CasePriority, type CaseStatus,
} from './case.entity';

/** A message is 1-1000 characters, a title 3-100. */
export const MESSAGE_MAX = 1000;
const toMultiLineTrimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? multiLine(value).trim() : value);

/** The dialog's fields; an admin may name the owner it is made for (userId). */
export class CreateCaseDto {
  @Transform(toSingleLine)
  @MaxLength(100, { message: 'Tittelen kan ikke være lengre enn 100 tegn' })
  @MinLength(3, { message: 'Tittel må være minst 3 tegn' })
  @IsString({ message: 'Tittel må være minst 3 tegn' })
  title: string;

  @IsIn(CASE_CATEGORIES, { message: 'Velg en gyldig kategori' })
  category: CaseCategory;

  /** medium when left out. */
  @IsOmittable()
  @IsIn(CASE_PRIORITIES, { message: 'Velg en gyldig prioritet' })
  priority?: CasePriority;

  /** open when left out; a new case is open or already in progress. */
  @IsOmittable()
  @IsIn(['open', 'in_progress'], { message: 'Ugyldig status' })
  status?: CaseStatus;

  /** The first message. */
  @Transform(toMultiLineTrimmed)
  @MaxLength(MESSAGE_MAX, { message: 'Meldingen kan ikke være lengre enn 1000 tegn' })
  @IsNotEmpty({ message: 'Første melding kan ikke være tom' })
  @IsString({ message: 'Første melding kan ikke være tom' })
  message: string;

  /** Admins only: the owner the case is made on behalf of. */
  @IsOmittable()
  @IsRowId({ message: 'Ugyldig bruker-ID' })
  userId?: number;

  /** The owner's property the case is about (one they are a member of); without it, their first (none if they have none). */
  @OptionalPropertyId()
  propertyId?: number;

  /**
   * A question about a payout's line: the payout and the line, of a property whose money the owner sees; the case is
   * then about the payout's property (docs/product/cases.md#a-question-about-a-payout).
   */
  @ValidateIf((o: CreateCaseDto) => o.payoutLineId !== undefined || o.payoutId !== undefined)
  @IsRowId({ message: 'Ugyldig utbetaling' })
  payoutId?: number;

  @ValidateIf((o: CreateCaseDto) => o.payoutId !== undefined || o.payoutLineId !== undefined)
  @IsRowId({ message: 'Ugyldig utbetalingslinje' })
  payoutLineId?: number;
}

/**
 * A case message (docs/product/cases.md#validation-and-limits), as JSON or as multipart/form-data with one or more `file` parts (attachments: photos,
 * PDF, office documents or text, each at most the configured size).
 */
export class CreateCaseMessageDto {
  @Transform(toMultiLineTrimmed)
  @MaxLength(MESSAGE_MAX, { message: 'Meldingen kan ikke være lengre enn 1000 tegn' })
  @IsNotEmpty({ message: 'Melding kan ikke være tom' })
  @IsString({ message: 'Melding kan ikke være tom' })
  message: string;

  /** Who it is for (the owner, the assigned admin); informational, JSON only. */
  @IsOptional()
  @IsRowId({ message: 'Ugyldig bruker-ID' })
  targetUserId?: number | null;

  /** The original client sends whether it writes as staff; the server decides that from the session. JSON only. */
  @IsOptional()
  @IsBoolean({ message: 'Ugyldig verdi' })
  isAdmin?: boolean;

  /** Files come as multipart parts; a JSON body cannot carry them. */
  @ApiProperty({ type: 'array', items: { type: 'string', format: 'binary' }, required: false, description: 'Attachments (multipart/form-data only)' })
  @IsEmpty({ message: 'Vedlegg sendes som multipart/form-data' })
  file?: unknown;
}

/** Assign to an admin (adminId; null unassigns) and/or a department. "Assign to me" is adminId = one's own id. */
export class AssignCaseDto {
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsRowId({ message: 'Ugyldig administrator' })
  adminId?: number | null;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsIn(CASE_DEPARTMENTS, { message: 'Ugyldig avdeling' })
  department?: CaseDepartment | null;
}

export class CasesQuery {
  /** open (not closed) or closed (the archive); both when left out. */
  @IsOptional()
  @IsIn(['open', 'closed'], { message: 'Ugyldig status' })
  state?: 'open' | 'closed';
}

export class AdminCasesQuery extends ListQueryParams {
  /** The same as filter {"userId": …}. */
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig bruker-ID' })
  userId?: number;

  /** The same as filter {"propertyId": …}: the cases that name this property. */
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig eiendom' })
  propertyId?: number;
}

export class CaseAttachmentResponse {
  id: number;
  caseId: number;
  messageId: number;
  fileName: string;
  fileType: string;
  fileSize: number;
  /** Where it is downloaded (only the case's owner and staff get it). */
  fileUrl: string;
  uploaderId: number | null;
  isImage: boolean;
  createdAt: Date;
}

export class CaseResponse {
  id: number;
  userId: number;
  userName: string | null;
  adminId: number | null;
  adminName: string | null;
  /** The property the case is about, and its name; null when it names none. */
  propertyId: number | null;
  propertyName: string | null;
  /** The payout and line a question is about; null otherwise, or once they are removed. */
  payoutId: number | null;
  payoutLineId: number | null;
  department: CaseDepartment | null;
  caseNumber: string;
  title: string;
  category: CaseCategory;
  priority: CasePriority;
  @ApiProperty({ enum: CASE_STATUSES })
  status: CaseStatus;
  isClosed: boolean;
  closedAt: Date | null;
  closedById: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** The name for the message count. */
  harMeldinger: number;
  messageCount: number;
  lastMessage: string | null;
  lastMessageAt: Date | null;
  /** Messages from the other side the viewer has not read (the owner: staff's; staff: the owner's). */
  unreadCount: number;
}

export class CaseDetailResponse extends CaseResponse {
  attachments: CaseAttachmentResponse[];
}

export class CaseMessageResponse {
  id: number;
  caseId: number;
  senderId: number | null;
  senderName: string | null;
  targetUserId: number | null;
  message: string;
  isAdminMessage: boolean;
  isRead: boolean;
  /** The first attachment's download URL (docs/product/cases.md#data-and-states), or null. */
  attachmentUrl: string | null;
  attachments: CaseAttachmentResponse[];
  createdAt: Date;
}

export class CaseUnreadCountResponse {
  /** Unread messages from the other side across the viewer's cases (staff: owners' messages in every case). */
  count: number;
}

export class CaseMessageReadResponse {
  id: number;
  isRead: boolean;
}
