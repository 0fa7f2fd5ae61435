import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The subscription poll (SubscriptionService POLL_SQL) counts a user's rows and reads their last change per table;
 * (user_id, updated_at) answers both from the index, so a phone's 304 does not read thousands of rows.
 */
export class CalendarPollIndexes1764400000000 implements MigrationInterface {
  name = 'CalendarPollIndexes1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX events_user_updated_idx ON events (user_id, updated_at);
      CREATE INDEX marked_days_user_updated_idx ON marked_days (user_id, updated_at);
      CREATE INDEX ical_feed_events_user_updated_idx ON ical_feed_events (user_id, updated_at);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX ical_feed_events_user_updated_idx; DROP INDEX marked_days_user_updated_idx; DROP INDEX events_user_updated_idx;');
  }
}
