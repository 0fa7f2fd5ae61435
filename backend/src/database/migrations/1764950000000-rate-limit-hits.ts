import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed login and reset attempts per limiter key (DatabaseRateLimitStore), in the database so every instance counts
 * against the same budget. `key` is a SHA-256 of the limiter and its key (client address, account), so its length is
 * fixed and no account name is stored; a row counts `hits` until `reset_at`, then starts again. Expired rows are
 * removed by the hourly session-cleanup job.
 */
export class RateLimitHits1764950000000 implements MigrationInterface {
  name = 'RateLimitHits1764950000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE rate_limit_hits (
        key char(64) PRIMARY KEY,
        hits int NOT NULL,
        reset_at timestamptz NOT NULL
      )
    `);
    await db.query('CREATE INDEX rate_limit_hits_reset_at ON rate_limit_hits (reset_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE rate_limit_hits');
  }
}
