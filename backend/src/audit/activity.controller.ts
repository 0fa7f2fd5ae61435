import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { ListQueryParams } from '../common/api.dto';
import { ParseIdPipe } from '../common/ids';
import { parseListQuery, setContentRange } from '../common/list-query';
import type { SessionUser } from '../common/session-user';
import { ActivityEntryResponse } from './audit.dto';
import type { ActivityRow } from './audit.service';
import { AuditService } from './audit.service';
import { NoTokens, TokenScope } from '../common/token-scope.decorator';

const map = ({ entry, actorName }: ActivityRow): ActivityEntryResponse => ({
  id: entry.id,
  action: entry.action,
  createdAt: entry.createdAt,
  actorId: entry.actorId,
  actorName,
  details: entry.details,
  browser: entry.browser,
  os: entry.os,
  ipPrefix: entry.ipPrefix,
});

/** A person's activity timeline, newest first, paged as every list (docs/security.md, The audit log). Read only: no route changes a row. */
@Controller()
export class ActivityController {
  constructor(private readonly audit: AuditService) {}

  @Get('user/activity')
  @NoTokens()
  @Access('user')
  async own(@CurrentUser() user: SessionUser, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: Response): Promise<ActivityEntryResponse[]> {
    const listQuery = parseListQuery(query);
    const { rows, total } = await this.audit.activity(user.id, listQuery);
    setContentRange(res, 'activity', listQuery, rows.length, total);
    return rows.map(map);
  }

  @Get('admin/users/:id/activity')
  @TokenScope('admin:read')
  @Access('admin')
  async ofUser(@Param('id', ParseIdPipe) id: number, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: Response): Promise<ActivityEntryResponse[]> {
    const listQuery = parseListQuery(query);
    const { rows, total } = await this.audit.activity(id, listQuery);
    setContentRange(res, 'activity', listQuery, rows.length, total);
    return rows.map(map);
  }
}
