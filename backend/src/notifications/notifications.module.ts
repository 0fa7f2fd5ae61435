import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationCleanup } from './notification-cleanup';
import { Notification } from './notification.entity';
import { NotificationReactions } from './notification-reactions';
import { NotificationsController } from './notifications.controller';
import { NotificationsGateway } from './notifications.gateway';
import { NotificationsService } from './notifications.service';

/** Stored notifications, the /ws push and the reactions that turn domain events into notifications. */
@Module({
  imports: [TypeOrmModule.forFeature([Notification]), JobsModule],
  controllers: [NotificationsController],
  providers: [NotificationsService, NotificationReactions, NotificationsGateway, NotificationCleanup],
  exports: [NotificationsService],
})
export class NotificationsModule {}
