import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imported bookings belong to the property (docs/product/properties.md, docs/product/calendar.md): the booking sources
 * (iCal feeds, the Beds24 connection), the bookings they bring and the double bookings found among them carry
 * `property_id`. Each row goes to the property its calendar showed it in: the one made for its user (`first_of_user`),
 * else the user's first; a user holding such rows but no property gets one, as migration 1766100000000 made them.
 * The (user, …) indexes become (property, …) ones; a property has at most one Beds24 connection (a person with two
 * properties may connect both). `user_id` stays as who added the source (the notifications, the back office's owner
 * column). The calendar window's version triggers bump by the rows' property, no longer through the person.
 */
const BY_SOURCE = ['ical_feeds', 'beds24_config', 'external_bookings', 'booking_conflicts'];

/** The property each user's imported rows were shown in: the one made for them, else the first they joined. */
const SHOWN_IN = `(SELECT u.id AS user_id, coalesce(
    (SELECT p.id FROM properties p WHERE p.first_of_user = u.id AND p.deleted_at IS NULL),
    (SELECT m.property_id FROM property_members m JOIN properties p ON p.id = m.property_id AND p.deleted_at IS NULL
      WHERE m.user_id = u.id ORDER BY m.joined_at, m.property_id LIMIT 1)) AS property_id
  FROM users u)`;

const bump = (ids: string) => `INSERT INTO calendar_window_versions (property_id, version)
  SELECT id, nextval('calendar_window_version_seq') FROM (SELECT DISTINCT id FROM ${ids} ids WHERE id IS NOT NULL ORDER BY id) touched
  ON CONFLICT (property_id) DO UPDATE SET version = EXCLUDED.version`;

const retrigger = (table: string, fn: string) => `
  DROP TRIGGER ${table}_window_version_insert ON ${table};
  DROP TRIGGER ${table}_window_version_update ON ${table};
  DROP TRIGGER ${table}_window_version_delete ON ${table};
  CREATE TRIGGER ${table}_window_version_insert AFTER INSERT ON ${table}
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
  CREATE TRIGGER ${table}_window_version_update AFTER UPDATE ON ${table}
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
  CREATE TRIGGER ${table}_window_version_delete AFTER DELETE ON ${table}
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`;

/** The feeds' row trigger (a feed added, removed, renamed, recoloured, switched or moved): its property before and after. */
const FEED_ROW_BUMP = (key: string) => `
  CREATE OR REPLACE FUNCTION bump_calendar_window_version() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF current_setting('app.restoring', true) = 'on' THEN
      RETURN NULL;
    END IF;
    ${key === 'property_id'
      ? bump(`(SELECT unnest(ARRAY[CASE WHEN TG_OP <> 'INSERT' THEN OLD.property_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.property_id END]) AS id)`)
      : bump(`(SELECT p.id FROM properties p WHERE p.first_of_user IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.user_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.user_id END))`)};
    RETURN NULL;
  END $$;`;

const FEED_CHANGED_TRIGGER = (moved: string) => `
  DROP TRIGGER ical_feeds_window_version_changed ON ical_feeds;
  CREATE TRIGGER ical_feeds_window_version_changed AFTER UPDATE ON ical_feeds FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.enabled IS DISTINCT FROM NEW.enabled OR OLD.${moved} IS DISTINCT FROM NEW.${moved}
      OR OLD.color IS DISTINCT FROM NEW.color)
    EXECUTE FUNCTION bump_calendar_window_version();`;

const sourcesView = (withProperty: boolean) => `
  DROP VIEW external_booking_sources;
  CREATE VIEW external_booking_sources AS
    SELECT 'ical'::varchar(20) AS source_kind, id AS source_id, user_id, name, enabled, color${withProperty ? ', property_id' : ''} FROM ical_feeds
    UNION ALL
    SELECT 'beds24'::varchar(20), id, user_id, 'Beds24'::varchar(255), true, NULL::varchar${withProperty ? ', property_id' : ''} FROM beds24_config;`;

export class PropertyBookings1766300000000 implements MigrationInterface {
  name = 'PropertyBookings1766300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      WITH made AS (
        INSERT INTO properties (name, first_of_user)
        SELECT left(u.name, 100), u.id FROM users u JOIN ${SHOWN_IN} s ON s.user_id = u.id
        WHERE s.property_id IS NULL
          AND (${BY_SOURCE.map((t) => `EXISTS (SELECT 1 FROM ${t} r WHERE r.user_id = u.id)`).join(' OR ')})
        ORDER BY u.id
        ON CONFLICT (first_of_user) DO NOTHING
        RETURNING id, first_of_user)
      INSERT INTO property_members (property_id, user_id, role, share, can_see_money)
        SELECT id, first_of_user, 'owner', 100, true FROM made;
    `);
    for (const table of BY_SOURCE) {
      await db.query(`
        ALTER TABLE ${table} ADD COLUMN property_id int REFERENCES properties (id) ON DELETE CASCADE;
        UPDATE ${table} t SET property_id = s.property_id FROM ${SHOWN_IN} s WHERE s.user_id = t.user_id;
        CREATE TRIGGER ${table}_property_default BEFORE INSERT ON ${table} FOR EACH ROW WHEN (NEW.property_id IS NULL) EXECUTE FUNCTION fill_first_property();
      `);
    }
    await db.query(`
      ${sourcesView(true)}
      CREATE INDEX ical_feeds_property_idx ON ical_feeds (property_id);
      ALTER TABLE beds24_config DROP CONSTRAINT beds24_config_user_id_key;
      ALTER TABLE beds24_config ADD CONSTRAINT beds24_config_property_key UNIQUE (property_id);
      CREATE INDEX beds24_config_user_idx ON beds24_config (user_id);
      DROP INDEX external_bookings_user_time_idx; DROP INDEX external_bookings_user_updated_idx; DROP INDEX external_bookings_stay_reference_idx;
      CREATE INDEX external_bookings_property_time_idx ON external_bookings USING gist (property_id, tstzrange(start_time, ends_at, '[]'));
      CREATE INDEX external_bookings_property_updated_idx ON external_bookings (property_id, updated_at);
      CREATE INDEX external_bookings_stay_reference_idx ON external_bookings (property_id, stay_reference) WHERE stay_reference IS NOT NULL;
      CREATE INDEX external_bookings_user_idx ON external_bookings (user_id);
      ALTER TABLE booking_conflicts DROP CONSTRAINT booking_conflicts_pair;
      ALTER TABLE booking_conflicts ADD CONSTRAINT booking_conflicts_pair UNIQUE (property_id, a_id, b_id);
      DROP INDEX booking_conflicts_open_user_idx;
      CREATE INDEX booking_conflicts_open_property_idx ON booking_conflicts (property_id, to_date, from_date) WHERE resolved_at IS NULL;
      CREATE INDEX booking_conflicts_user_idx ON booking_conflicts (user_id);
      ${FEED_ROW_BUMP('property_id')}
      ${FEED_CHANGED_TRIGGER('property_id')}
    `);
    for (const table of ['external_bookings', 'booking_conflicts']) await db.query(retrigger(table, 'bump_calendar_window_versions'));
    await db.query('DROP FUNCTION bump_calendar_window_versions_of_users()');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION bump_calendar_window_versions_of_users() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('app.restoring', true) = 'on' THEN
          RETURN NULL;
        END IF;
        IF TG_OP = 'INSERT' THEN
          ${bump('(SELECT p.id FROM properties p JOIN new_rows r ON p.first_of_user = r.user_id)')};
        ELSIF TG_OP = 'DELETE' THEN
          ${bump('(SELECT p.id FROM properties p JOIN old_rows r ON p.first_of_user = r.user_id)')};
        ELSE
          ${bump('(SELECT p.id FROM properties p JOIN (SELECT user_id FROM old_rows UNION ALL SELECT user_id FROM new_rows) r ON p.first_of_user = r.user_id)')};
        END IF;
        RETURN NULL;
      END $$;
    `);
    for (const table of ['external_bookings', 'booking_conflicts']) await db.query(retrigger(table, 'bump_calendar_window_versions_of_users'));
    await db.query(`
      ${FEED_CHANGED_TRIGGER('user_id')}
      ${FEED_ROW_BUMP('user_id')}
      DROP INDEX booking_conflicts_user_idx; DROP INDEX booking_conflicts_open_property_idx;
      ALTER TABLE booking_conflicts DROP CONSTRAINT booking_conflicts_pair;
      ALTER TABLE booking_conflicts ADD CONSTRAINT booking_conflicts_pair UNIQUE (user_id, a_id, b_id);
      CREATE INDEX booking_conflicts_open_user_idx ON booking_conflicts (user_id, to_date, from_date) WHERE resolved_at IS NULL;
      DROP INDEX external_bookings_user_idx; DROP INDEX external_bookings_stay_reference_idx;
      DROP INDEX external_bookings_property_updated_idx; DROP INDEX external_bookings_property_time_idx;
      CREATE INDEX external_bookings_stay_reference_idx ON external_bookings (user_id, stay_reference) WHERE stay_reference IS NOT NULL;
      CREATE INDEX external_bookings_user_updated_idx ON external_bookings (user_id, updated_at);
      CREATE INDEX external_bookings_user_time_idx ON external_bookings USING gist (user_id, tstzrange(start_time, ends_at, '[]'));
      DROP INDEX beds24_config_user_idx;
      ALTER TABLE beds24_config DROP CONSTRAINT beds24_config_property_key;
      ALTER TABLE beds24_config ADD CONSTRAINT beds24_config_user_id_key UNIQUE (user_id);
      DROP INDEX ical_feeds_property_idx;
      ${sourcesView(false)}
    `);
    for (const table of BY_SOURCE) await db.query(`DROP TRIGGER ${table}_property_default ON ${table}; ALTER TABLE ${table} DROP COLUMN property_id`);
  }
}
