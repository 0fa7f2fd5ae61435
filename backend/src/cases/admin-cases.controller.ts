import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { ParseIdPipe } from '../common/ids';
import { parseListQuery, setContentRange } from '../common/list-query';
import type { User } from '../users/user.entity';
import { AdminCasesQuery, AssignCaseDto, CaseResponse } from './cases.dto';
import { mapCase } from './cases.map';
import { CasesService } from './cases.service';
import { TokenScope } from '../common/token-scope.decorator';

/** Cases in the back office: staff read every case (react-admin's list); admins assign them. */
@Controller('admin/cases')
export class AdminCasesController {
  constructor(private readonly cases: CasesService) {}

  /** Filters: status, isClosed, department, adminId (the assignee; "none" for unassigned), userId (the owner), propertyId, q. */
  @Get()
  @TokenScope('admin:read')
  @Access('staff')
  async list(@CurrentUser() viewer: User, @Query() query: AdminCasesQuery, @Res({ passthrough: true }) res: Response): Promise<CaseResponse[]> {
    const listQuery = parseListQuery(query);
    if (query.userId !== undefined) listQuery.filter = { ...listQuery.filter, userId: query.userId };
    if (query.propertyId !== undefined) listQuery.filter = { ...listQuery.filter, propertyId: query.propertyId };
    const { rows, total } = await this.cases.listAll(viewer, listQuery);
    setContentRange(res, 'cases', listQuery, rows.length, total);
    return rows.map(mapCase);
  }

  /** To an admin (adminId: one's own id is "assign to me") and/or a department. */
  @Post(':id/assign')
  @TokenScope('admin:write')
  @Access('admin')
  @HttpCode(200)
  async assign(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: AssignCaseDto): Promise<CaseResponse> {
    return mapCase(await this.cases.assign(admin, id, dto));
  }
}
