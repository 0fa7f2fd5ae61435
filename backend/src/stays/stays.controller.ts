import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { ParseIdPipe } from '../common/ids';
import { parseListQuery, setContentRange } from '../common/list-query';
import { requestContext } from '../common/request-context';
import { PropertyAccess } from '../properties/property-access.service';
import type { User } from '../users/user.entity';
import { DecideStayRequestDto, mapStayRules, StayRequestResponse, StayRequestsQuery, StayRulesDto, StayRulesResponse } from './stays.dto';
import { StaysService } from './stays.service';
import { TokenScope } from '../common/token-scope.decorator';

/** A property's stay rules: its members (and staff) read them; an unknown property or another's is 404. */
@Controller('properties/:id/stay-rules')
export class StaysController {
  constructor(
    private readonly stays: StaysService,
    private readonly access: PropertyAccess,
  ) {}

  @Get()
  @TokenScope('calendar:read')
  @Access('user')
  async get(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<StayRulesResponse> {
    const { property } = await this.access.resolve(user, id, 'read');
    return mapStayRules(property.id, await this.stays.rulesOf(property.id));
  }
}

/** Staff set a property's stay rules (admins; mini admins read them through the members' route). */
@Controller('admin/properties/:id/stay-rules')
export class AdminStaysController {
  constructor(
    private readonly stays: StaysService,
    private readonly access: PropertyAccess,
  ) {}

  /** Replaces the rules as a whole: a field left out or null is no rule, an empty list no blackouts. */
  @Put()
  @TokenScope('admin:write')
  @Access('admin')
  async set(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: StayRulesDto, @Req() req: Request): Promise<StayRulesResponse> {
    const { property } = await this.access.resolve(admin, id, 'write');
    return mapStayRules(property.id, await this.stays.setRules(admin, property, dto, requestContext(req)));
  }
}

/**
 * Owners' stays held for approval (docs/product/stays.md#stays-as-requests): staff read them, admins approve or
 * decline them with a note; the calendar follows the decision and the owners are told.
 */
@Controller('admin/stay-requests')
export class AdminStayRequestsController {
  constructor(private readonly stays: StaysService) {}

  /** Newest first unless sorted; `propertyId` and `status` filter (as query parameters or in `filter`). */
  @Get()
  @TokenScope('admin:read')
  @Access('staff')
  async list(@Query() query: StayRequestsQuery, @Res({ passthrough: true }) res: Response): Promise<StayRequestResponse[]> {
    const listQuery = parseListQuery(query);
    if (query.propertyId !== undefined) listQuery.filter.propertyId = query.propertyId;
    if (query.status !== undefined) listQuery.filter.status = query.status;
    if (!listQuery.sort) listQuery.sort = { field: 'createdAt', order: 'DESC' };
    const { rows, total } = await this.stays.list(listQuery);
    setContentRange(res, 'stay-requests', listQuery, rows.length, total);
    return this.stays.describe(rows);
  }

  @Get(':id')
  @TokenScope('admin:read')
  @Access('staff')
  async one(@Param('id', ParseIdPipe) id: number): Promise<StayRequestResponse> {
    const [one] = await this.stays.describe([await this.stays.findRequest(id)]);
    return one;
  }

  /** The stay stops waiting; 409 `stay_request_decided` when it was decided already or its owner removed it. */
  @Post(':id/approve')
  @TokenScope('admin:write')
  @HttpCode(200)
  @Access('admin')
  approve(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: DecideStayRequestDto, @Req() req: Request): Promise<StayRequestResponse> {
    return this.decide(admin, id, 'approved', dto, req);
  }

  /** The stay leaves the calendar; the request keeps what was asked and the note. */
  @Post(':id/decline')
  @TokenScope('admin:write')
  @HttpCode(200)
  @Access('admin')
  decline(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: DecideStayRequestDto, @Req() req: Request): Promise<StayRequestResponse> {
    return this.decide(admin, id, 'declined', dto, req);
  }

  private async decide(admin: User, id: number, decision: 'approved' | 'declined', dto: DecideStayRequestDto, req: Request): Promise<StayRequestResponse> {
    const [one] = await this.stays.describe([await this.stays.decide(admin, id, decision, dto.note ?? null, requestContext(req))]);
    return one;
  }
}
