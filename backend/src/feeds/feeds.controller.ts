import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { sendJsonText } from '../common/json-text';
import { ParseIdPipe } from '../common/ids';
import { toDateRange } from '../common/time/date-range';
import { DateRangeQuery } from '../common/time/date-range.dto';
import { Access, CurrentUser } from '../common/access.decorator';
import type { User } from '../users/user.entity';
import { ExternalBookingResponse } from '../bookings/external-booking.dto';
import { ExternalBookingsService } from '../bookings/external-bookings.service';
import { FeedScheduler } from './feed-scheduler.service';
import { FeedSyncService } from './feed-sync.service';
import {
  CreateFeedDto, DeletedFeedResponse, FeedResponse, mapFeed, syncDetails, syncMessage, SyncResponse, UpdateFeedDto,
} from './feeds.dto';
import { FeedsService } from './feeds.service';
import { PropertyAccess } from '../properties/property-access.service';
import { PropertyIdPipe, PropertyIdQuery } from '../properties/property-id.dto';
import { NoTokens, TokenScope } from '../common/token-scope.decorator';

/**
 * A property's feeds (`?propertyId=`, or the caller's first property) and the bookings imported from them: members
 * read, owners and co-owners manage (docs/product/feeds.md); staff as the property access rule allows.
 */
@Controller()
@Access('user')
export class FeedsController {
  constructor(
    private readonly feeds: FeedsService,
    private readonly sync: FeedSyncService,
    private readonly scheduler: FeedScheduler,
    private readonly bookings: ExternalBookingsService,
    private readonly access: PropertyAccess,
  ) {}

  @Get('ical-feeds')
  @TokenScope('bookings:read')
  @PropertyIdQuery()
  async list(@CurrentUser() user: User, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<FeedResponse[]> {
    const property = await this.access.readable(user, propertyId);
    return property ? (await this.feeds.listOf(property.id)).map((f) => mapFeed(f)) : [];
  }

  @Post('ical-feeds')
  @NoTokens()
  @PropertyIdQuery()
  async create(@CurrentUser() user: User, @Body() dto: CreateFeedDto, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<FeedResponse> {
    const feed = await this.feeds.create(user, dto, propertyId);
    if (feed.enabled) await this.scheduler.enqueueIfRunning(feed.id);
    return mapFeed(feed);
  }

  @Put('ical-feeds/:id')
  @NoTokens()
  async update(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdateFeedDto): Promise<FeedResponse> {
    return mapFeed(await this.feeds.update(user, id, dto));
  }

  @Delete('ical-feeds/:id')
  @NoTokens()
  async remove(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<DeletedFeedResponse> {
    const feed = await this.feeds.remove(user, id);
    return { message: 'Kalenderen er slettet', deletedFeed: { id: feed.id, name: feed.name } };
  }

  /**
   * Syncs now and answers when done. A disabled feed is not fetched and says so; a feed already syncing (the first
   * sync of a new feed, a scheduled one) is waited for, then synced, and says 'already syncing' only if that outlasts the wait.
   */
  @Post('ical-feeds/:id/sync')
  @NoTokens()
  @HttpCode(200)
  async syncNow(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<SyncResponse> {
    await this.feeds.accessibleFeed(user, id);
    const outcome = await this.sync.sync(id, { force: false, waitMs: this.sync.manualWaitMs });
    return { message: syncMessage(outcome, 'Kalenderen er synkronisert'), syncedCount: outcome.syncedCount, status: outcome.status, ...syncDetails(outcome) };
  }

  /** The property's external bookings (every source kind) for the range, read from the database only: never an outside fetch on this path. */
  // Built as JSON by the database, as the calendar window's feedEvents: no object per booking.
  @Get('ical-feed-events')
  @TokenScope('bookings:read')
  @PropertyIdQuery()
  @ApiOkResponse({ type: ExternalBookingResponse, isArray: true })
  async events(@CurrentUser() user: User, @Query() q: DateRangeQuery, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined, @Res() res: Response): Promise<void> {
    const range = toDateRange(q.startDate, q.endDate);
    // A member's read is one statement; anyone else's is decided by the access rule first.
    const member = await this.bookings.memberListJson(user.id, propertyId, range);
    if (member) return sendJsonText(res, member.json);
    const property = await this.access.readable(user, propertyId);
    sendJsonText(res, property ? await this.bookings.listForPropertyJson(property.id, range) : '[]');
  }
}
