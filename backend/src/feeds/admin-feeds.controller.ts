import { Controller, Get, HttpCode, Inject, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { Access, CurrentUser } from '../common/access.decorator';
import { Clock } from '../common/adapters/clock';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { FeedScheduler } from './feed-scheduler.service';
import { FeedSyncService } from './feed-sync.service';
import type { User } from '../users/user.entity';
import { IcalFeed } from './ical-feed.entity';
import { mapFeed, maskFeedUrl, syncDetails, syncMessage } from './feeds.dto';
import { FeedsService } from './feeds.service';

@Controller('admin')
export class AdminFeedsController {
  constructor(
    private readonly feeds: FeedsService,
    private readonly sync: FeedSyncService,
    private readonly scheduler: FeedScheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Feeds of one user (?userId), for the user-calendar dialog; without userId, every feed. */
  @Get('ical-feeds')
  @Access('staff')
  async list(@CurrentUser() viewer: User, @Query('userId') userId?: string) {
    const all = await this.feeds.allWithOwners();
    return all.filter(({ feed }) => !userId || feed.userId === Number(userId)).map(({ feed, owner }) => ({ ...this.map(feed, viewer), owner }));
  }

  /** Every feed with owner info and sync health; feeds without a success for FEED_STALE_HOURS are flagged stale. */
  @Get('all-ical-feeds')
  @Access('staff')
  async all(@CurrentUser() viewer: User) {
    return (await this.feeds.allWithOwners()).map(({ feed, owner }) => ({ ...this.map(feed, viewer), userName: owner.name, userEmail: owner.email, username: owner.username, owner }));
  }

  @Get('feed-health')
  @Access('staff')
  async health(@CurrentUser() viewer: User) {
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

  /**
   * A feed as staff see it. Export links carry the channel's secret token, so a mini admin (read-only) sees only
   * where a feed comes from; admins, who may edit feeds, see the whole address.
   */
  private map(feed: IcalFeed, viewer: User) {
    const mapped = mapFeed(feed, { staleHours: this.config.feeds.staleHours, now: this.clock.now() });
    return viewer.isAdmin ? mapped : { ...mapped, url: maskFeedUrl(mapped.url) };
  }

  @Post('force-refresh-ical/:feedId')
  @Access('admin')
  @HttpCode(200)
  async forceRefresh(@Param('feedId', ParseIntPipe) feedId: number) {
    const outcome = await this.sync.sync(feedId, { force: true });
    // On failure the back office wraps the bare error in its own 'Tving oppdatering feilet' text.
    const message = outcome.status === 'failed' ? outcome.error! : syncMessage(outcome, 'Kalenderen er hentet på nytt');
    return { success: outcome.status !== 'failed', message, syncedCount: outcome.syncedCount, status: outcome.status, ...syncDetails(outcome) };
  }

  @Post('sync-all-ical')
  @Access('admin')
  @HttpCode(200)
  async syncAll() {
    // Answers at once: the syncs run through the queue or in the background; progress shows in each feed's lastAttemptAt.
    const startedAt = new Date();
    const { total } = await this.scheduler.syncAll();
    return { success: true, total, startedAt };
  }

  @Post('cleanup-duplicates')
  @Access('admin')
  @HttpCode(200)
  cleanupDuplicates() {
    return this.feeds.cleanupDuplicates();
  }
}
