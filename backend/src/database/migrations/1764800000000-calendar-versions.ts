import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The subscription feed's validators as last served, per user (SubscriptionService.poll): when the ETag changes, a
 * deletion included, Last-Modified moves past the one served before, so clients that send only If-Modified-Since
 * see the change. A deletion leaves no updated_at behind, so the data alone cannot say when it happened.
 */
export class CalendarVersions1764800000000 implements MigrationInterface {
  name = 'CalendarVersions1764800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE calendar_versions (
        user_id int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        etag varchar(64) NOT NULL,
        last_modified timestamptz NOT NULL
      )
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE calendar_versions');
  }
}
