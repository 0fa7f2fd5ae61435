import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { sendJsonText } from '../common/json-text';
import { toDateRange } from '../common/time/date-range';
import { DateRangeQuery } from '../common/time/date-range.dto';
import type { User } from '../users/user.entity';
import { CalendarWindowResponse } from './calendar.dto';
import { CalendarService } from './calendar.service';

/**
 * What the calendar page shows for one window in one request, beside the three reads (GET /api/events,
 * /api/marked-days, /api/ical-feed-events), which answer the same lists: the caller's own, whoever the caller is.
 */
@Controller('calendar-window')
@Access('user')
export class CalendarWindowController {
  constructor(private readonly calendar: CalendarService) {}

  /** The caller's own events, marked days and imported events for [startDate, endDate), as the three reads answer them. */
  // Built as JSON by the database in one statement.
  @Get()
  @ApiOkResponse({ type: CalendarWindowResponse })
  async window(@CurrentUser() user: User, @Query() q: DateRangeQuery, @Res() res: Response): Promise<void> {
    sendJsonText(res, await this.calendar.windowJson(user.id, toDateRange(q.startDate, q.endDate)));
  }
}
