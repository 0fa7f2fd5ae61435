import { MigrationInterface, QueryRunner } from 'typeorm';

/** The last run of each scheduled job (its id, when, how long, what went wrong), for the back office. */
export class ScheduledJobs1764100000000 implements MigrationInterface {
  name = 'ScheduledJobs1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE scheduled_jobs (
        id varchar(60) PRIMARY KEY,
        last_started_at timestamptz,
        last_finished_at timestamptz,
        last_duration_ms int,
        last_success_at timestamptz,
        last_error text,
        last_result jsonb,
        run_count int NOT NULL DEFAULT 0
      );
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE scheduled_jobs');
  }
}
