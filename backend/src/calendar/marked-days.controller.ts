import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { Access, CurrentUser } from '../common/access.decorator';
import type { User } from '../users/user.entity';
import { mapMarkedDay, MarkedDayDto, MarkedDayResponse, UpdateMarkedDayDto } from './calendar.dto';
import { CalendarService } from './calendar.service';
import { toDateRange } from '../common/time/date-range';
import { DateRangeQuery } from '../common/time/date-range.dto';

@Controller('marked-days')
@Access('user')
export class MarkedDaysController {
  constructor(private readonly calendar: CalendarService) {}

  @Get()
  async list(@CurrentUser() user: User, @Query() q: DateRangeQuery): Promise<MarkedDayResponse[]> {
    return (await this.calendar.listMarkedDays(user.id, toDateRange(q.startDate, q.endDate))).map(mapMarkedDay);
  }

  @Post()
  async create(@CurrentUser() user: User, @Body() dto: MarkedDayDto): Promise<MarkedDayResponse> {
    return mapMarkedDay(await this.calendar.createMarkedDay(user, dto));
  }

  @Put(':id')
  async update(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateMarkedDayDto): Promise<MarkedDayResponse> {
    return mapMarkedDay(await this.calendar.updateMarkedDay(user, id, dto));
  }

  @Delete(':id')
  async remove(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number): Promise<MarkedDayResponse> {
    return mapMarkedDay(await this.calendar.deleteMarkedDay(user, id));
  }
}
