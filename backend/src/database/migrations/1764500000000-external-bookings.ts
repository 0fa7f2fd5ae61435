import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One store of bookings owned by an outside system (iCal feeds now, Beds24 next): `external_bookings`, keyed by
 * (source kind, source id, external UID, recurrence id). Today's `ical_feed_events` rows move across with their ids
 * (the id sequence goes on from them), revisions and updated_at, so subscription SEQUENCEs and validators do not
 * jump; notes are keyed by the API id (`ical-<feed>-<hash of UID and recurrence id>`), which is unchanged.
 *
 * `external_booking_sources` is the view the read path joins to show a booking's source name and hide those of a
 * disabled source; each source kind adds its table to it (Beds24 will with its configurations).
 * A pull's generation comes from `external_bookings_pull_seq`, so no source has to keep a counter of its own:
 * `ical_feeds.sync_generation` goes.
 */
export class ExternalBookings1764500000000 implements MigrationInterface {
  name = 'ExternalBookings1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE external_bookings (
        id bigserial PRIMARY KEY,
        source_kind varchar(20) NOT NULL CHECK (source_kind IN ('ical', 'beds24')),
        source_id int NOT NULL,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        external_uid varchar(1024) NOT NULL,
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
        revision int NOT NULL DEFAULT 0,
        sync_generation bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (source_kind, source_id, external_uid, recurrence_id),
        CHECK (ends_at >= start_time)
      );

      INSERT INTO external_bookings (id, source_kind, source_id, user_id, external_uid, recurrence_id, start_time, ends_at, all_day,
                                     start_date, end_date, summary, description, location, status, kind, sequence, revision,
                                     sync_generation, updated_at)
        SELECT id, 'ical', feed_id, user_id, uid, recurrence_id, start_time, ends_at, all_day, start_date, end_date, summary,
               description, location, status, kind, sequence, revision, sync_generation, updated_at
        FROM ical_feed_events;
      SELECT setval(pg_get_serial_sequence('external_bookings', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM external_bookings), false);

      CREATE SEQUENCE external_bookings_pull_seq;
      SELECT setval('external_bookings_pull_seq', (SELECT coalesce(max(sync_generation), 0) + 1 FROM external_bookings), false);

      CREATE INDEX external_bookings_user_time_idx ON external_bookings USING gist (user_id, tstzrange(start_time, ends_at, '[]'));
      CREATE INDEX external_bookings_user_updated_idx ON external_bookings (user_id, updated_at);
      CREATE INDEX external_bookings_source_ends_idx ON external_bookings (source_kind, source_id, ends_at);

      CREATE VIEW external_booking_sources AS
        SELECT 'ical'::varchar(20) AS source_kind, id AS source_id, user_id, name, enabled FROM ical_feeds;

      DROP TABLE ical_feed_events;
      ALTER TABLE ical_feeds DROP COLUMN sync_generation;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE ical_feeds ADD COLUMN sync_generation int NOT NULL DEFAULT 0;
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
        revision int NOT NULL DEFAULT 0,
        UNIQUE (feed_id, uid, recurrence_id),
        CHECK (ends_at >= start_time)
      );
      INSERT INTO ical_feed_events (id, feed_id, user_id, uid, recurrence_id, start_time, ends_at, all_day, start_date, end_date, summary,
                                    description, location, status, kind, sequence, sync_generation, updated_at, revision)
        SELECT id, source_id, user_id, external_uid, recurrence_id, start_time, ends_at, all_day, start_date, end_date, summary,
               description, location, status, kind, sequence, 0, updated_at, revision
        FROM external_bookings WHERE source_kind = 'ical';
      SELECT setval(pg_get_serial_sequence('ical_feed_events', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ical_feed_events), false);
      CREATE INDEX ical_feed_events_user_time_idx ON ical_feed_events USING gist (user_id, tstzrange(start_time, ends_at, '[]'));
      CREATE INDEX ical_feed_events_user_updated_idx ON ical_feed_events (user_id, updated_at);
      DROP VIEW external_booking_sources;
      DROP SEQUENCE external_bookings_pull_seq;
      DROP TABLE external_bookings;
    `);
  }
}
