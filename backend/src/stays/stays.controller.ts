import { Body, Controller, Get, Param, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { ParseIdPipe } from '../common/ids';
import { requestContext } from '../common/request-context';
import { PropertyAccess } from '../properties/property-access.service';
import type { User } from '../users/user.entity';
import { mapStayRules, StayRulesDto, StayRulesResponse } from './stays.dto';
import { StaysService } from './stays.service';

/** A property's stay rules: its members (and staff) read them; an unknown property or another's is 404. */
@Controller('properties/:id/stay-rules')
export class StaysController {
  constructor(
    private readonly stays: StaysService,
    private readonly access: PropertyAccess,
  ) {}

  @Get()
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
  @Access('admin')
  async set(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: StayRulesDto, @Req() req: Request): Promise<StayRulesResponse> {
    const { property } = await this.access.resolve(admin, id, 'write');
    return mapStayRules(property.id, await this.stays.setRules(admin, property, dto, requestContext(req)));
  }
}
