import { Controller, Get, HttpCode, Inject, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { Access } from '../common/access.decorator';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { FeedScheduler } from './feed-scheduler.service';
import { FeedSyncService } from './feed-sync.service';
import { mapFeed } from './feeds.dto';
import { FeedsService } from './feeds.service';

@Controller('admin')
export class AdminFeedsController {
  constructor(
    private readonly feeds: FeedsService,
    private readonly sync: FeedSyncService,
    private readonly scheduler: FeedScheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Feeds of one user (?userId), for the user-calendar dialog; without userId, every feed. */
  @Get('ical-feeds')
  @Access('staff')
  async list(@Query('userId') userId?: string) {
    const all = await this.feeds.allWithOwners();
    return all.filter(({ feed }) => !userId || feed.userId === Number(userId)).map(({ feed, owner }) => ({ ...mapFeed(feed, this.config.feeds.staleHours), owner }));
  }

  /** Every feed with owner info and sync health; feeds without a success for FEED_STALE_HOURS are flagged stale. */
  @Get('all-ical-feeds')
  @Access('staff')
  async all() {
    return (await this.feeds.allWithOwners()).map(({ feed, owner }) => ({ ...mapFeed(feed, this.config.feeds.staleHours), userName: owner.name, userEmail: owner.email, username: owner.username, owner }));
  }

  @Get('feed-health')
  @Access('staff')
  async health() {
    const rows = (await this.feeds.allWithOwners()).map(({ feed, owner }) => ({ ...mapFeed(feed, this.config.feeds.staleHours), owner }));
    return {
      staleAfterHours: this.config.feeds.staleHours,
      total: rows.length,
      enabled: rows.filter((r) => r.enabled).length,
      failing: rows.filter((r) => r.enabled && r.lastError).length,
      stale: rows.filter((r) => r.stale).length,
      feeds: rows,
    };
  }

  @Post('force-refresh-ical/:feedId')
  @Access('admin')
  @HttpCode(200)
  async forceRefresh(@Param('feedId', ParseIntPipe) feedId: number) {
    const outcome = await this.sync.sync(feedId, { force: true });
    return { success: outcome.status !== 'failed', message: outcome.error ?? 'Kalenderen er hentet på nytt', syncedCount: outcome.syncedCount, status: outcome.status };
  }

  @Post('sync-all-ical')
  @Access('admin')
  @HttpCode(200)
  async syncAll() {
    const startedAt = new Date();
    const { total, outcomes } = await this.scheduler.syncAll();
    return { success: true, total, startedAt, failed: outcomes?.filter((o) => o.status === 'failed').length };
  }

  @Post('cleanup-duplicates')
  @Access('admin')
  @HttpCode(200)
  cleanupDuplicates() {
    return this.feeds.cleanupDuplicates();
  }
}
