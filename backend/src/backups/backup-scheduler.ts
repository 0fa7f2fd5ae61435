import { Injectable, OnModuleInit } from '@nestjs/common';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';
import { BackupsService } from './backups.service';

/** Nightly at 02:17 (business time zone), before the other nightly work and off the hour. */
export const DAILY_BACKUP = '0 17 2 * * *';
export const BACKUP_JOB_ID = 'backup-daily';

/** The daily automatic backup (docs/product/system.md#backups), pruned to BACKUP_KEEP_AUTOMATIC; shown in the back office's jobs list. */
@Injectable()
export class BackupScheduler implements OnModuleInit {
  constructor(private readonly backups: BackupsService, private readonly scheduled: ScheduledJobs) {}

  onModuleInit(): void {
    this.scheduled.register({ id: BACKUP_JOB_ID, schedule: DAILY_BACKUP, run: () => this.backups.runDaily() });
  }
}
