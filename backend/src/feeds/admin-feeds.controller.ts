import { Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ParseIdPipe } from '../common/ids';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { Clock } from '../common/adapters/clock';
import { ListQueryParams } from '../common/api.dto';
import { ListQuery, parseListQuery, setContentRange } from '../common/list-query';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { FeedScheduler } from './feed-scheduler.service';
import { FeedSyncService } from './feed-sync.service';
import type { User } from '../users/user.entity';
import { IcalFeed } from './ical-feed.entity';
import {
  AdminFeedResponse, AdminFeedsQuery, AllFeedsEntryResponse, CleanupDuplicatesResponse, FeedHealthResponse, FeedResponse, ForceRefreshResponse,
  mapFeed, maskFeedUrl, syncDetails, syncMessage, SyncAllResponse,
} from './feeds.dto';
import { FeedsService } from './feeds.service';
import { TokenScope } from '../common/token-scope.decorator';

@Controller('admin')
export class AdminFeedsController {
  constructor(
    private readonly feeds: FeedsService,
    private readonly sync: FeedSyncService,
    private readonly scheduler: FeedScheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Feeds of one user (?userId) or property (?propertyId), for the user-calendar dialog; without either, every feed. Pages like all-ical-feeds. */
  @Get('ical-feeds')
  @TokenScope('admin:read')
  @Access('staff')
  async list(@CurrentUser() viewer: User, @Query() query: AdminFeedsQuery, @Res({ passthrough: true }) res: Response): Promise<AdminFeedResponse[]> {
    const listQuery = parseListQuery(query);
    if (query.userId !== undefined) listQuery.filter = { ...listQuery.filter, userId: query.userId };
    if (query.propertyId !== undefined) listQuery.filter = { ...listQuery.filter, propertyId: query.propertyId };
    const { rows, total } = await this.page(listQuery);
    setContentRange(res, 'ical-feeds', listQuery, rows.length, total);
    return rows.map(({ feed, owner }) => ({ ...this.map(feed, viewer), owner }));
  }

  /**
   * Every feed with owner info and sync health; feeds without a success for FEED_STALE_HOURS are flagged stale.
   * With react-admin's sort, range and filter it answers one page and Content-Range; without them, every feed.
   */
  @Get('all-ical-feeds')
  @TokenScope('admin:read')
  @Access('staff')
  async all(@CurrentUser() viewer: User, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: Response): Promise<AllFeedsEntryResponse[]> {
    const listQuery = parseListQuery(query);
    const { rows, total } = await this.page(listQuery);
    setContentRange(res, 'ical-feeds', listQuery, rows.length, total);
    return rows.map(({ feed, owner }) => ({ ...this.map(feed, viewer), userName: owner.name, userEmail: owner.email, username: owner.username, owner }));
  }

  @Get('feed-health')
  @TokenScope('admin:read')
  @Access('staff')
  async health(@CurrentUser() viewer: User): Promise<FeedHealthResponse> {
    const rows = (await this.feeds.allWithOwners()).map(({ feed, owner }) => ({ ...this.map(feed, viewer), owner }));
    return {
      staleAfterHours: this.config.feeds.staleHours,
      total: rows.length,
      enabled: rows.filter((r) => r.enabled).length,
      failing: rows.filter((r) => r.enabled && r.lastError).length,
      stale: rows.filter((r) => r.stale).length,
      feeds: rows,
    };
  }

  private page(listQuery: ListQuery) {
    return this.feeds.listWithOwners(listQuery, this.config.feeds.staleHours);
  }

  /**
   * A feed as staff see it. Export links carry the channel's secret token, so a mini admin (read-only) sees only
   * where a feed comes from; admins, who may edit feeds, see the whole address.
   */
  private map(feed: IcalFeed, viewer: User): FeedResponse {
    const mapped = mapFeed(feed, { staleHours: this.config.feeds.staleHours, now: this.clock.now() });
    return viewer.isAdmin ? mapped : { ...mapped, url: maskFeedUrl(mapped.url) };
  }

  @Post('force-refresh-ical/:feedId')
  @TokenScope('admin:write')
  @Access('admin')
  @HttpCode(200)
  async forceRefresh(@Param('feedId', ParseIdPipe) feedId: number): Promise<ForceRefreshResponse> {
    const outcome = await this.sync.sync(feedId, { force: true, waitMs: this.sync.manualWaitMs });
    // On failure the back office wraps the bare error in its own 'Tving oppdatering feilet' text.
    const message = outcome.status === 'failed' ? outcome.error! : syncMessage(outcome, 'Kalenderen er hentet på nytt');
    return { success: outcome.status !== 'failed', message, syncedCount: outcome.syncedCount, status: outcome.status, ...syncDetails(outcome) };
  }

  @Post('sync-all-ical')
  @TokenScope('admin:write')
  @Access('admin')
  @HttpCode(200)
  async syncAll(): Promise<SyncAllResponse> {
    // Answers at once: the syncs run through the queue or in the background; progress shows in each feed's lastAttemptAt.
    const startedAt = new Date();
    const { total } = await this.scheduler.syncAll();
    return { success: true, total, startedAt };
  }

  @Post('cleanup-duplicates')
  @TokenScope('admin:write')
  @Access('admin')
  @HttpCode(200)
  cleanupDuplicates(): Promise<CleanupDuplicatesResponse> {
    return this.feeds.cleanupDuplicates();
  }
}
