import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { ParseIdPipe } from '../common/ids';
import { parseListQuery, setContentRange } from '../common/list-query';
import { requestContext } from '../common/request-context';
import type { User } from '../users/user.entity';
import { AdminPropertiesQuery, AdminPropertyResponse, CreatePropertyDto, mapProperty, PropertyResponse, UpdatePropertyDto } from './properties.dto';
import { PropertiesService } from './properties.service';
import { TokenScope } from '../common/token-scope.decorator';

/** Properties in the back office: staff read every one (a person's with ?userId=); admins make, rename and delete them. */
@Controller('admin/properties')
export class AdminPropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  @Get()
  @TokenScope('admin:read')
  @Access('staff')
  async list(@Query() query: AdminPropertiesQuery, @Res({ passthrough: true }) res: Response): Promise<AdminPropertyResponse[]> {
    const listQuery = parseListQuery(query);
    const { rows, total } = await this.properties.list(listQuery, { userId: query.userId, q: query.q });
    setContentRange(res, 'properties', listQuery, rows.length, total);
    return rows.map(({ property, owners, members }) => ({ ...mapProperty(property), owners, members }));
  }

  @Post()
  @TokenScope('admin:write')
  @Access('admin')
  async create(@CurrentUser() admin: User, @Body() dto: CreatePropertyDto, @Req() req: Request): Promise<PropertyResponse> {
    return mapProperty(await this.properties.create(admin, dto, requestContext(req)));
  }

  @Patch(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async update(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdatePropertyDto, @Req() req: Request): Promise<PropertyResponse> {
    return mapProperty(await this.properties.update(admin, id, dto, requestContext(req)));
  }

  @Delete(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async remove(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Req() req: Request): Promise<PropertyResponse> {
    return mapProperty(await this.properties.remove(admin, id, requestContext(req)));
  }
}
