import { Injectable, OnModuleInit } from '@nestjs/common';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';
import { NotificationsService } from './notifications.service';

/** Nightly at 03:41 (Europe/Oslo), off the hour when other work starts. */
const NIGHTLY = '0 41 3 * * *';

/** Read notifications older than 90 days go; the job shows in the back office's jobs list. */
@Injectable()
export class NotificationCleanup implements OnModuleInit {
  constructor(private readonly notifications: NotificationsService, private readonly scheduled: ScheduledJobs) {}

  onModuleInit(): void {
    this.scheduled.register({ id: 'notification-cleanup', schedule: NIGHTLY, runAtStart: false, run: async () => ({ removed: await this.notifications.removeOldRead() }) });
  }
}
