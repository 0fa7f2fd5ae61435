import { Injectable, OnModuleInit } from '@nestjs/common';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';
import { SessionsService } from '../common/sessions/sessions.service';

/** Every hour, at 17 minutes past (off the hour, when other work starts). */
const HOURLY = '0 17 * * * *';

/** Expired sessions are never read again (the store checks expiry); this removes their rows hourly. */
@Injectable()
export class SessionCleanup implements OnModuleInit {
  constructor(private readonly sessions: SessionsService, private readonly scheduled: ScheduledJobs) {}

  onModuleInit(): void {
    this.scheduled.register({ id: 'session-cleanup', schedule: HOURLY, runAtStart: true, run: async () => ({ removed: await this.sessions.removeExpired() }) });
  }
}
