import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { ParseIdPipe } from '../common/ids';
import { Access, CurrentUser } from '../common/access.decorator';
import { sendJsonText } from '../common/json-text';
import type { User } from '../users/user.entity';
import { mapMarkedDay, MarkedDayDto, MarkedDayResponse, UpdateMarkedDayDto } from './calendar.dto';
import { CalendarService } from './calendar.service';
import { toDateRange } from '../common/time/date-range';
import { DateRangeQuery } from '../common/time/date-range.dto';

@Controller('marked-days')
@Access('user')
export class MarkedDaysController {
  constructor(private readonly calendar: CalendarService) {}

  /** The caller's own marked days on the days [startDate, endDate) touches. */
  // Built as JSON by the database: no entity or response object per day.
  @Get()
  @ApiOkResponse({ type: MarkedDayResponse, isArray: true })
  async list(@CurrentUser() user: User, @Query() q: DateRangeQuery, @Res() res: Response): Promise<void> {
    sendJsonText(res, await this.calendar.listMarkedDaysJson(user.id, toDateRange(q.startDate, q.endDate)));
  }

  @Post()
  async create(@CurrentUser() user: User, @Body() dto: MarkedDayDto): Promise<MarkedDayResponse> {
    return mapMarkedDay(await this.calendar.createMarkedDay(user, dto));
  }

  @Put(':id')
  async update(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdateMarkedDayDto): Promise<MarkedDayResponse> {
    return mapMarkedDay(await this.calendar.updateMarkedDay(user, id, dto));
  }

  @Delete(':id')
  async remove(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<MarkedDayResponse> {
    return mapMarkedDay(await this.calendar.deleteMarkedDay(user, id));
  }
}
