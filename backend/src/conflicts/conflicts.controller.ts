import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { parseListQuery, setContentRange } from '../common/list-query';
import type { User } from '../users/user.entity';
import { ConflictResponse, ConflictsQuery, mapConflict } from './conflicts.dto';
import { ConflictsService } from './conflicts.service';
import { TokenScope } from '../common/token-scope.decorator';

@Controller('conflicts')
export class ConflictsController {
  constructor(private readonly conflicts: ConflictsService) {}

  /**
   * Current and future double bookings (docs/architecture.md "Double bookings"): a member's, of the properties they
   * belong to; staff see every owner's, or one owner's with `userId`; `propertyId` narrows to one property. Pages with
   * react-admin's list parameters (Content-Range).
   */
  @Get()
  @TokenScope('bookings:read')
  @Access('user')
  async list(@CurrentUser() user: User, @Query() query: ConflictsQuery, @Res({ passthrough: true }) res: Response): Promise<ConflictResponse[]> {
    const listQuery = parseListQuery(query);
    const { rows, total } = await this.conflicts.list(user, listQuery, query.userId, query.propertyId);
    setContentRange(res, 'conflicts', listQuery, rows.length, total);
    return rows.map(mapConflict);
  }
}
