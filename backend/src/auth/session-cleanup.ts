import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';
import { SessionsService } from './sessions.service';

const HOURLY = 3_600_000;

/** Expired sessions are never read again (the store checks expiry); this removes their rows hourly. */
@Injectable()
export class SessionCleanup implements OnApplicationBootstrap {
  constructor(private readonly sessions: SessionsService, private readonly scheduled: ScheduledJobs) {}

  onApplicationBootstrap(): void {
    this.scheduled.register({ id: 'session-cleanup', everyMs: HOURLY, runAtStart: true, run: async () => ({ removed: await this.sessions.removeExpired() }) });
  }
}
