import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the owner was told that a feed keeps failing past FEED_STALE_HOURS (a feed_failing notification). Set once
 * per failing spell, so the owner hears it once; cleared by the next success, which tells them it recovered.
 */
export class FeedFailingNotified1765000000000 implements MigrationInterface {
  name = 'FeedFailingNotified1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE ical_feeds ADD COLUMN failing_notified_at timestamptz');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE ical_feeds DROP COLUMN failing_notified_at');
  }
}
