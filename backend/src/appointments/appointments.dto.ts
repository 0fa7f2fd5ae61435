import { PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ListQueryParams } from '../common/api.dto';
import { IsRowId } from '../common/ids';
import { IsOmittable, OMITTABLE_NOT_NULL } from '../common/optional';
import { multiLine, toSingleLine } from '../common/text/control-characters';
import { IsCalendarDate } from '../common/time/iso-date';
import { APPOINTMENT_LOCATIONS, type AppointmentLocation, type AppointmentStatus } from './appointment.entity';

const toMultiLine = ({ value }: { value: unknown }) => (typeof value === 'string' ? multiLine(value) : value);
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days to read free slots for, in the business time zone: at most 62 days, `from` not after `to`. */
export class SlotsQuery {
  /** @example 2026-06-01 */
  @Matches(DAY, { message: 'Ugyldig dato' })
  @IsCalendarDate({ message: 'Ugyldig dato' })
  @IsString({ message: 'Ugyldig dato' })
  from: string;

  /** @example 2026-06-30 */
  @Matches(DAY, { message: 'Ugyldig dato' })
  @IsCalendarDate({ message: 'Ugyldig dato' })
  @IsString({ message: 'Ugyldig dato' })
  to: string;
}

export class SlotResponse {
  /** ISO instant. @example 2026-06-02T07:00:00.000Z */
  start: string;
  end: string;
}

export class CreateAppointmentDto {
  /** A free slot's start, as GET /api/appointments/slots gave it. @example 2026-06-02T07:00:00.000Z */
  @IsCalendarDate({ message: 'Ugyldig tidspunkt' })
  @IsString({ message: 'Tidspunkt er påkrevd' })
  start: string;

  @Transform(toSingleLine)
  @MaxLength(200, { message: 'Emnet kan ikke være lengre enn 200 tegn' })
  @IsNotEmpty({ message: 'Emne er påkrevd' })
  @IsString({ message: 'Emne er påkrevd' })
  subject: string;

  @Transform(toMultiLine)
  @IsOptional()
  @IsString()
  @MaxLength(5000, { message: 'Beskrivelsen er for lang' })
  description?: string | null;

  @IsIn(APPOINTMENT_LOCATIONS, { message: 'Velg telefon, video eller kontoret' })
  location: AppointmentLocation;

  /** Where staff call the owner; the owner's own number when left out. */
  @Transform(toSingleLine)
  @IsOptional()
  @IsString()
  @Matches(/^[+0-9 ()-]{0,20}$/, { message: 'Ugyldig telefonnummer' })
  phone?: string | null;
}

export class AppointmentsQuery extends ListQueryParams {
  /** Only this owner's appointments (staff); an owner always sees only their own. */
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig bruker-ID' })
  userId?: number;
}

export class AppointmentResponse {
  id: number;
  /** ISO instant. */
  start: Date;
  end: Date;
  status: AppointmentStatus;
  /** The meeting the booking made; null only if staff deleted it. */
  agreementId: number | null;
  /** Null once the staff member's account is gone (docs/roles.md#removing-a-person). */
  staffUserId: number | null;
  staffName: string | null;
  userId: number;
  userName: string | null;
  subject: string;
  description: string | null;
  location: AppointmentLocation;
  phone: string | null;
  cancelledAt: Date | null;
  createdAt: Date;
}

export class CreateAppointmentHoursDto {
  /** 1 Monday … 7 Sunday. */
  @Min(1, { message: 'Ugyldig ukedag' })
  @Max(7, { message: 'Ugyldig ukedag' })
  @IsInt({ message: 'Ugyldig ukedag' })
  weekday: number;

  /** HH:mm in the business time zone. @example 09:00 */
  @Matches(HH_MM, { message: 'Ugyldig klokkeslett (TT:MM)' })
  @IsString({ message: 'Ugyldig klokkeslett (TT:MM)' })
  startTime: string;

  /** HH:mm, after startTime. @example 15:00 */
  @Matches(HH_MM, { message: 'Ugyldig klokkeslett (TT:MM)' })
  @IsString({ message: 'Ugyldig klokkeslett (TT:MM)' })
  endTime: string;

  /** Staff members (admins or mini admins) who take meetings in this range. */
  @IsRowId({ each: true, message: 'Ugyldig ansatt' })
  @ArrayMaxSize(50, { message: 'For mange ansatte' })
  @ArrayMinSize(1, { message: 'Velg minst én ansatt' })
  @IsArray({ message: 'Velg minst én ansatt' })
  staffUserIds: number[];
}

export class UpdateAppointmentHoursDto extends PartialType(CreateAppointmentHoursDto, OMITTABLE_NOT_NULL) {}

export class AppointmentHoursResponse {
  id: number;
  weekday: number;
  startTime: string;
  endTime: string;
  staffUserIds: number[];
  /** The staff members' names, in the order of staffUserIds (a deleted account is left out). */
  staffNames: string[];
  updatedAt: Date;
}

export class CreateClosedDateDto {
  /** YYYY-MM-DD in the business time zone. @example 2026-12-24 */
  @Matches(DAY, { message: 'Ugyldig dato' })
  @IsCalendarDate({ message: 'Ugyldig dato' })
  @IsString({ message: 'Ugyldig dato' })
  date: string;

  @Transform(toSingleLine)
  @IsOmittable()
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'Grunnen kan ikke være lengre enn 200 tegn' })
  reason?: string | null;
}

export class ClosedDateResponse {
  id: number;
  /** YYYY-MM-DD */
  date: string;
  reason: string | null;
}
