import { Injectable, OnModuleInit } from '@nestjs/common';
import { DatabasePort } from '../database/database.port';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';

/** Every hour at 47 minutes past, away from the other hourly jobs. */
const HOURLY = '0 47 * * * *';

/**
 * Keeps the query planner's statistics fresh on the embedded database, which has no autovacuum to do it: at start
 * (a restored backup or rows written while the app was down) and hourly as tables grow. See
 * docs/architecture.md "Planner statistics".
 */
@Injectable()
export class PlannerStatistics implements OnModuleInit {
  constructor(
    private readonly database: DatabasePort,
    private readonly scheduled: ScheduledJobs,
  ) {}

  onModuleInit(): void {
    this.scheduled.register({
      id: 'planner-statistics',
      schedule: HOURLY,
      runAtStart: true,
      run: async () => ({ analyzed: await this.database.refreshPlannerStatistics() }),
    });
  }
}
