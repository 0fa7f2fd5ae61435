import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Beds24 channel configurations (one per user), the second source kind of external_bookings. The view
 * external_booking_sources gains them (named 'Beds24'; their bookings always show: switching sync off stops pulls,
 * it does not hide bookings that bind the owner).
 *
 * external_bookings.stay_reference is the OTA booking code a booking carries (an Airbnb 'HM…' code): in an Airbnb
 * iCal event's reservation link, in a Beds24 booking's apiReference (its description's 'Referanse:' line). The read
 * path shows a stay found in both once (see SHADOWED_BY_CHANNEL in bookings/external-booking.types.ts).
 */
export class Beds241765100000000 implements MigrationInterface {
  name = 'Beds241765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE beds24_config (
        id serial PRIMARY KEY,
        user_id int NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        credential_sealed text NOT NULL,
        credential_kind varchar(20) NOT NULL CHECK (credential_kind IN ('refresh', 'longLife')),
        credential_last4 varchar(4) NOT NULL,
        prop_id int NOT NULL,
        sync_enabled boolean NOT NULL DEFAULT true,
        sync_historical_days int NOT NULL DEFAULT 0 CHECK (sync_historical_days BETWEEN 0 AND 1095),
        sync_future_days int NOT NULL DEFAULT 365 CHECK (sync_future_days BETWEEN 0 AND 730),
        last_sync timestamptz,
        last_attempt_at timestamptz,
        last_error text,
        last_error_code varchar(60),
        needs_credentials boolean NOT NULL DEFAULT false,
        last_created int NOT NULL DEFAULT 0,
        last_updated int NOT NULL DEFAULT 0,
        last_deleted int NOT NULL DEFAULT 0,
        event_count int NOT NULL DEFAULT 0,
        empty_pulls int NOT NULL DEFAULT 0,
        last_pull_hash varchar(64),
        consecutive_failures int NOT NULL DEFAULT 0,
        next_sync_at timestamptz NOT NULL DEFAULT now(),
        access_token_sealed text,
        access_token_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX beds24_config_due_idx ON beds24_config (next_sync_at) WHERE sync_enabled;

      CREATE OR REPLACE VIEW external_booking_sources AS
        SELECT 'ical'::varchar(20) AS source_kind, id AS source_id, user_id, name, enabled FROM ical_feeds
        UNION ALL
        SELECT 'beds24'::varchar(20), id, user_id, 'Beds24'::varchar(255), true FROM beds24_config;

      ALTER TABLE external_bookings ADD COLUMN stay_reference varchar(20) GENERATED ALWAYS AS (
        CASE WHEN source_kind = 'beds24' THEN substring(description FROM '(?:^|\\n)Referanse: (HM[A-Z0-9]{6,12})(?:\\n|$)')
             ELSE substring(description FROM 'airbnb\\.[a-z.]+/(?:hosting/reservations/details/|reservation/itinerary\\?code=)(HM[A-Z0-9]{6,12})') END) STORED;
      CREATE INDEX external_bookings_stay_reference_idx ON external_bookings (user_id, stay_reference) WHERE stay_reference IS NOT NULL;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DELETE FROM external_bookings WHERE source_kind = 'beds24';
      ALTER TABLE external_bookings DROP COLUMN stay_reference;
      CREATE OR REPLACE VIEW external_booking_sources AS
        SELECT 'ical'::varchar(20) AS source_kind, id AS source_id, user_id, name, enabled FROM ical_feeds;
      DROP TABLE beds24_config;
    `);
  }
}
