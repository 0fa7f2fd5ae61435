import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { AdminFeedsController } from './admin-feeds.controller';
import { FeedEventsStore } from './feed-events.store';
import { FeedScheduler } from './feed-scheduler.service';
import { FeedSyncService } from './feed-sync.service';
import { FeedsController } from './feeds.controller';
import { FeedsService } from './feeds.service';
import { IcalFeed } from './ical-feed.entity';

@Module({
  imports: [TypeOrmModule.forFeature([IcalFeed]), UsersModule],
  controllers: [FeedsController, AdminFeedsController],
  providers: [FeedsService, FeedSyncService, FeedEventsStore, FeedScheduler],
  exports: [FeedsService, FeedEventsStore, FeedScheduler],
})
export class FeedsModule {}
