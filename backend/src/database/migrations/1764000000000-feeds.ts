import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * iCal feeds, the events imported from them, and the personal subscription token.
 * Imported events are upserted by (feed, UID, recurrence id); sync_generation marks what the last complete parse
 * saw, so events that left the feed are removed only after a valid parse.
 */
export class Feeds1764000000000 implements MigrationInterface {
  name = 'Feeds1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE ical_feeds (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        url text NOT NULL,
        color varchar(20) NOT NULL DEFAULT '#8b5cf6',
        enabled boolean NOT NULL DEFAULT true,
        feed_type varchar(20) NOT NULL DEFAULT 'import',
        api_endpoint text,
        external_id varchar(255),
        api_key text,
        sync_method varchar(20) NOT NULL DEFAULT 'ical',
        last_synced timestamptz,
        last_attempt_at timestamptz,
        last_error text,
        last_warning text,
        consecutive_failures int NOT NULL DEFAULT 0,
        event_count int NOT NULL DEFAULT 0,
        etag text,
        last_modified text,
        content_hash varchar(64),
        sync_generation int NOT NULL DEFAULT 0,
        next_sync_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX ical_feeds_user_idx ON ical_feeds (user_id);
      CREATE INDEX ical_feeds_due_idx ON ical_feeds (next_sync_at) WHERE enabled;

      CREATE TABLE ical_feed_events (
        id bigserial PRIMARY KEY,
        feed_id int NOT NULL REFERENCES ical_feeds(id) ON DELETE CASCADE,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        uid varchar(1024) NOT NULL,
        recurrence_id varchar(64) NOT NULL DEFAULT '',
        start_time timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        all_day boolean NOT NULL,
        start_date date,
        end_date date,
        summary text NOT NULL DEFAULT '',
        description text,
        location text,
        status varchar(20) NOT NULL DEFAULT 'confirmed',
        kind varchar(20) NOT NULL DEFAULT 'event',
        sequence int NOT NULL DEFAULT 0,
        sync_generation int NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (feed_id, uid, recurrence_id),
        CHECK (ends_at >= start_time)
      );
      CREATE INDEX ical_feed_events_user_time_idx ON ical_feed_events USING gist (user_id, tstzrange(start_time, ends_at, '[]'));

      ALTER TABLE users ADD COLUMN calendar_token_hash varchar(64);
      ALTER TABLE users ADD COLUMN calendar_token_sealed text;
      CREATE UNIQUE INDEX users_calendar_token_hash_key ON users (calendar_token_hash);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users DROP COLUMN calendar_token_sealed; ALTER TABLE users DROP COLUMN calendar_token_hash;
      DROP TABLE ical_feed_events; DROP TABLE ical_feeds;
    `);
  }
}
