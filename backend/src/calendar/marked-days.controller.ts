import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { ParseIdPipe } from '../common/ids';
import { Access, CurrentUser } from '../common/access.decorator';
import { sendJsonText } from '../common/json-text';
import { PropertyAccess } from '../properties/property-access.service';
import { PropertyIdPipe, PropertyIdQuery } from '../properties/property-id.dto';
import type { User } from '../users/user.entity';
import { mapMarkedDay, MarkedDayDto, MarkedDayResponse, UpdateMarkedDayDto } from './calendar.dto';
import { CalendarService, NO_PROPERTY } from './calendar.service';
import { toDateRange } from '../common/time/date-range';
import { DateRangeQuery } from '../common/time/date-range.dto';
import { TokenScope } from '../common/token-scope.decorator';

/** A property's marked days (`?propertyId=`, or the caller's first property; docs/product/calendar.md). */
@Controller('marked-days')
@Access('user')
@PropertyIdQuery()
export class MarkedDaysController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly access: PropertyAccess,
  ) {}

  /** The property's marked days on the days [startDate, endDate) touches. */
  // Built as JSON by the database: no entity or response object per day.
  @Get()
  @TokenScope('calendar:read')
  @ApiOkResponse({ type: MarkedDayResponse, isArray: true })
  async list(@CurrentUser() user: User, @Query() q: DateRangeQuery, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined, @Res() res: Response): Promise<void> {
    const range = toDateRange(q.startDate, q.endDate);
    const property = (await this.access.readable(user, propertyId)) ?? NO_PROPERTY;
    sendJsonText(res, await this.calendar.listMarkedDaysJson(property.id, range));
  }

  /** The property is the body's `propertyId`, else the query's. */
  @Post()
  @TokenScope('calendar:write')
  async create(@CurrentUser() user: User, @Body() dto: MarkedDayDto, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<MarkedDayResponse> {
    const { property } = await this.access.resolve(user, dto.propertyId ?? propertyId, 'write');
    return mapMarkedDay(await this.calendar.createMarkedDay(user, property.id, dto));
  }

  @Put(':id')
  @TokenScope('calendar:write')
  async update(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdateMarkedDayDto, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<MarkedDayResponse> {
    const { property } = await this.access.resolve(user, propertyId, 'write');
    return mapMarkedDay(await this.calendar.updateMarkedDay(property.id, id, dto));
  }

  @Delete(':id')
  @TokenScope('calendar:write')
  async remove(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<MarkedDayResponse> {
    const { property } = await this.access.resolve(user, propertyId, 'write');
    return mapMarkedDay(await this.calendar.deleteMarkedDay(property.id, id));
  }
}
