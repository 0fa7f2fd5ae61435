import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { ListQueryParams } from '../common/api.dto';
import { IsRowId } from '../common/ids';
import type { ListedConflict } from './conflicts.types';

/** A double booking as the calendar window answers it (docs/architecture.md "Double bookings"). */
export class CalendarConflictResponse {
  /** The first entry's id as the same answer gives it: a number for an own event, else the external booking's id. */
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }], example: 'ical-3-0123456789abcdef' })
  a: number | string;

  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }], example: 'beds24-7-fedcba9876543210' })
  b: number | string;

  /** The first shared day, YYYY-MM-DD. @example 2026-07-10 */
  from: string;

  /** The day after the last shared day (exclusive), YYYY-MM-DD. @example 2026-07-12 */
  to: string;
}

/** One side of a listed conflict, with what the back office links to. */
export class ConflictSideResponse {
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }] })
  id: number | string;

  /** 'own' (the owner's own event), 'ical' (a feed) or 'beds24'. */
  @ApiProperty({ enum: ['own', 'ical', 'beds24'] })
  kind: string;

  /** The feed's or Beds24 configuration's id; null for own events. */
  sourceId: number | null;

  title: string;
}

export class ConflictResponse {
  id: number;
  /** The property it is of. */
  propertyId: number;
  /** The property's owner when it was found. */
  userId: number;
  ownerName: string;
  a: ConflictSideResponse;
  b: ConflictSideResponse;
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD, exclusive */
  to: string;
  detectedAt: Date;
}

/** GET /api/conflicts: react-admin's list parameters, and for staff the owner. */
export class ConflictsQuery extends ListQueryParams {
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig bruker-ID' })
  userId?: number;

  /** One property's (the caller must be a member, or staff). */
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig eiendom' })
  propertyId?: number;
}

const side = (kind: string, id: string, sourceId: number | null, title: string): ConflictSideResponse => ({ id: kind === 'own' ? Number(id) : id, kind, sourceId, title });

export function mapConflict({ conflict: c, ownerName }: ListedConflict): ConflictResponse {
  return {
    id: c.id,
    propertyId: c.propertyId,
    userId: c.userId,
    ownerName,
    a: side(c.aKind, c.aId, c.aSourceId, c.aTitle),
    b: side(c.bKind, c.bId, c.bSourceId, c.bTitle),
    from: c.fromDate,
    to: c.toDate,
    detectedAt: c.detectedAt,
  };
}
