import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import type { Job, Queue, WorkOptions } from 'pg-boss';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort } from '../database/database.port';

/**
 * pg-boss queues in the app's own database (schema pgboss): several instances share the work, a crashed worker's
 * job is retried, and each job's state is stored. On PGlite it goes through the same single-session pool as
 * TypeORM, so its statements never interleave with an open transaction.
 */
@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private boss?: PgBoss;
  private starting?: Promise<PgBoss>;

  constructor(private readonly database: DatabasePort, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private create(): PgBoss {
    return new PgBoss({ ...this.database.jobQueueConnection(), schema: 'pgboss' });
  }

  /** Starts pg-boss once (installing its schema on first use). */
  started(): Promise<PgBoss> {
    this.starting ??= (async () => {
      const boss = this.create();
      boss.on('error', (e) => this.logger.error(`pg-boss: ${e.message}`));
      await boss.start();
      this.boss = boss;
      return boss;
    })();
    return this.starting;
  }

  async createQueue(name: string, options: Omit<Queue, 'name'>): Promise<void> {
    const boss = await this.started();
    if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
  }

  async send(name: string, data: object, options: { singletonKey?: string } = {}): Promise<string | null> {
    return (await this.started()).send(name, data, options);
  }

  /** A worker that handles one job at a time, `localConcurrency` of them in parallel in this process. */
  async work<T extends object>(name: string, options: WorkOptions, handler: (job: Job<T>) => Promise<unknown>): Promise<void> {
    await (await this.started()).work<T>(name, { ...options, batchSize: 1 }, async (jobs: Job<T>[]) => {
      for (const job of jobs) await handler(job);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.boss) await this.boss.stop({ graceful: true, timeout: 5000 }).catch(() => undefined);
  }

  get runsJobs(): boolean {
    return this.config.runJobs;
  }
}
