import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PropertiesModule } from '../properties/properties.module';
import { BookingsModule } from '../bookings/bookings.module';
import { UsersModule } from '../users/users.module';
import { AdminFeedsController } from './admin-feeds.controller';
import { FeedScheduler } from './feed-scheduler.service';
import { FeedSyncService } from './feed-sync.service';
import { FeedsController } from './feeds.controller';
import { FeedsService } from './feeds.service';
import { IcalFeed } from './ical-feed.entity';
import { FeedParsePool } from './import/parse-pool';

@Module({
  imports: [TypeOrmModule.forFeature([IcalFeed]), UsersModule, BookingsModule, PropertiesModule],
  controllers: [FeedsController, AdminFeedsController],
  providers: [FeedsService, FeedSyncService, FeedScheduler, FeedParsePool],
  exports: [FeedsService, FeedScheduler],
})
export class FeedsModule {}
