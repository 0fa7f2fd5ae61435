import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/adapters/clock';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';
import { SessionsService } from '../common/sessions/sessions.service';
import { removeExpiredRateLimitHits } from '../common/database-rate-limit.store';

/** Every hour, at 17 minutes past (off the hour, when other work starts). */
const HOURLY = '0 17 * * * *';

/**
 * Expired sessions and passed rate-limit windows are never read again (their readers check expiry); this removes
 * their rows hourly.
 */
@Injectable()
export class SessionCleanup implements OnModuleInit {
  constructor(
    private readonly sessions: SessionsService,
    private readonly scheduled: ScheduledJobs,
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.scheduled.register({
      id: 'session-cleanup',
      schedule: HOURLY,
      runAtStart: true,
      run: async () => ({ removed: await this.sessions.removeExpired(), rateLimitWindowsRemoved: await removeExpiredRateLimitHits(this.db, this.clock.now()) }),
    });
  }
}
