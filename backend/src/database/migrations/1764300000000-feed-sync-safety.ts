import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Feed sync safety: `empty_parses` counts valid parses in a row that emptied a feed with future bookings (the
 * removal waits for the second one); `last_parsed_at` lets an unchanged feed be re-parsed daily, so recurring
 * series are expanded over a window that moves with the date. `ical_feed_events.revision` counts the changes we
 * saw to a booking, so the subscription feed's SEQUENCE grows even when the source (Airbnb) never bumps its own.
 */
export class FeedSyncSafety1764300000000 implements MigrationInterface {
  name = 'FeedSyncSafety1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE ical_feeds ADD COLUMN empty_parses int NOT NULL DEFAULT 0;
      ALTER TABLE ical_feeds ADD COLUMN last_parsed_at timestamptz;
      ALTER TABLE ical_feed_events ADD COLUMN revision int NOT NULL DEFAULT 0;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE ical_feed_events DROP COLUMN revision; ALTER TABLE ical_feeds DROP COLUMN last_parsed_at; ALTER TABLE ical_feeds DROP COLUMN empty_parses;');
  }
}
