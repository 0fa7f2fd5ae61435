import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { isNotModified } from '../common/conditional-get';
import { sendJsonText } from '../common/json-text';
import { DateRange, toDateRange } from '../common/time/date-range';
import { DateRangeQuery } from '../common/time/date-range.dto';
import { PropertyAccess } from '../properties/property-access.service';
import { PropertyIdPipe, PropertyIdQuery } from '../properties/property-id.dto';
import type { User } from '../users/user.entity';
import { CalendarWindowResponse } from './calendar.dto';
import { CalendarService, NO_PROPERTY } from './calendar.service';
import { TokenScope } from '../common/token-scope.decorator';

/** This process's start: an answer's shape is its build's, so a tag served before a restart (a deploy) never matches. */
const BOOT = Date.now().toString(36);

/**
 * The window's validator: the property, its window version (a new one on every write to what the window shows) and
 * the range. Weak: the same version always answers the same lists, not promised byte for byte.
 */
export function calendarWindowEtag(propertyId: number, range: DateRange, version: string): string {
  return `W/"cw.${BOOT}.p${propertyId}.${version}.${range.start.getTime().toString(36)}.${range.end.getTime().toString(36)}"`;
}

/**
 * What the calendar page shows for one window in one request, beside the three reads (GET /api/events,
 * /api/marked-days, /api/ical-feed-events), which answer the same lists: the property's (`?propertyId=`, or the caller's first).
 * It answers conditional requests (docs/api.md, 'Conditional requests'): the app revalidates a window it has with
 * If-None-Match, and an unchanged window costs one primary-key read and a 304.
 */
@Controller('calendar-window')
@Access('user')
@PropertyIdQuery()
export class CalendarWindowController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly access: PropertyAccess,
  ) {}

  /** The property's events, marked days and imported events for [startDate, endDate), as the three reads answer them. */
  // Built as JSON by the database in one statement. The answer stays Cache-Control: no-store (personal data is kept
  // by the app, which clears it at logout, not by the browser's HTTP cache); the app sends If-None-Match itself.
  @Get()
  @TokenScope('calendar:read')
  @ApiOkResponse({ type: CalendarWindowResponse, headers: { ETag: { description: 'The window version; send it back as If-None-Match.', schema: { type: 'string' } } } })
  @ApiResponse({ status: 304, description: 'Nothing in the window changed since the If-None-Match tag was served.' })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of the window the client has.' })
  async window(
    @CurrentUser() user: User, @Query() q: DateRangeQuery, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined, @Req() req: Request, @Res() res: Response,
  ): Promise<void> {
    const range = toDateRange(q.startDate, q.endDate);
    // A member's property is found in the statement that reads its window (or its version); anyone else's through
    // the access rule first (staff, a stranger's 404, a first property still to make).
    // Once the access rule has decided (no membership answered), the window is read by that property alone.
    let decidedId: number | undefined;
    const decide = async () => (decidedId = (await this.access.readable(user, propertyId))?.id ?? NO_PROPERTY.id);
    if (req.headers['if-none-match'] !== undefined) {
      const member = await this.calendar.memberWindowVersion(user.id, propertyId);
      const id = member?.propertyId ?? (await decide());
      const etag = calendarWindowEtag(id, range, member?.version ?? (await this.calendar.windowVersion(id)));
      if (isNotModified(req.method, req.headers, { etag })) {
        res.setHeader('ETag', etag);
        return void res.status(304).end();
      }
    }
    const answer =
      decidedId === undefined
        ? ((await this.calendar.memberWindow(user.id, propertyId, range)) ?? (await this.windowOf(await decide(), range)))
        : await this.windowOf(decidedId, range);
    res.setHeader('ETag', calendarWindowEtag(answer.propertyId, range, answer.version));
    sendJsonText(res, answer.json);
  }

  private async windowOf(propertyId: number, range: DateRange) {
    return { propertyId, ...(await this.calendar.window(propertyId, range)) };
  }
}
