import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The calendar's data belongs to the property (docs/product/properties.md, docs/product/calendar.md): events, marked
 * days and notes on bookings carry `property_id`, filled from their user's first property (the earliest they joined:
 * the one migration 1766000000000 made). A user holding such rows but no property gets one as that migration makes
 * them. The (user, time range) indexes become (property, time range) ones, and a day is marked once per property.
 * `user_id` stays on the rows as who they were made by or for (the answers' `userId`, the audit, the notifications).
 * The calendar window's versions (migrations 1765810000000, 1765830000000) are kept per property: the tables that
 * carry one bump it; the ones still kept per user (imported bookings, double bookings, feeds) bump the property made
 * for that user (`first_of_user`), whose window shows them until they move to the property too.
 */
const TABLES = ['events', 'marked_days', 'external_booking_notes'];
const BY_USER = ['external_bookings', 'booking_conflicts'];

/** The first live property of each user, as PropertyAccess picks it. */
const FIRST_PROPERTY = `(SELECT DISTINCT ON (m.user_id) m.user_id, m.property_id FROM property_members m
  JOIN properties p ON p.id = m.property_id AND p.deleted_at IS NULL ORDER BY m.user_id, m.joined_at, m.property_id)`;

/**
 * A row written without a property (a script, a seed, a test's fixture: the app always names one) lands in its user's
 * first property, as a request that names none does. The column takes no NOT NULL: a row written so for a user who
 * holds no property yet stays without one (in no calendar) rather than be refused, and making a property inside such a
 * write held up PGlite's step-by-step backups (docs/product/calendar.md).
 */
const FIRST_PROPERTY_OF = `
  CREATE FUNCTION fill_first_property() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.property_id := (SELECT m.property_id FROM property_members m JOIN properties p ON p.id = m.property_id AND p.deleted_at IS NULL
      WHERE m.user_id = NEW.user_id ORDER BY m.joined_at, m.property_id LIMIT 1);
    RETURN NEW;
  END $$;`;

/** A statement trigger's bump of the windows of the properties `ids` (SQL of a column `id`), in id order (lock order). */
const bump = (ids: string, key = 'property_id') => `INSERT INTO calendar_window_versions (${key}, version)
  SELECT id, nextval('calendar_window_version_seq') FROM (SELECT DISTINCT id FROM ${ids} ids WHERE id IS NOT NULL ORDER BY id) touched
  ON CONFLICT (${key}) DO UPDATE SET version = EXCLUDED.version`;

const BUMP_FUNCTION = (name: string, ids: (rows: string) => string, key = 'property_id') => `
  CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF current_setting('app.restoring', true) = 'on' THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
      ${bump(ids('new_rows'), key)};
    ELSIF TG_OP = 'DELETE' THEN
      ${bump(ids('old_rows'), key)};
    ELSE
      ${bump(`(${ids('old_rows')} UNION ALL ${ids('new_rows')})`, key)};
    END IF;
    RETURN NULL;
  END $$;`;

const byProperty = (rows: string) => `(SELECT property_id AS id FROM ${rows})`;
const byUser = (rows: string) => `(SELECT p.id FROM properties p JOIN ${rows} r ON p.first_of_user = r.user_id)`;

export class PropertyCalendar1766100000000 implements MigrationInterface {
  name = 'PropertyCalendar1766100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      WITH made AS (
        INSERT INTO properties (name, first_of_user)
        SELECT left(u.name, 100), u.id FROM users u
        WHERE NOT EXISTS (SELECT 1 FROM ${FIRST_PROPERTY} f WHERE f.user_id = u.id)
          AND (EXISTS (SELECT 1 FROM events e WHERE e.user_id = u.id)
            OR EXISTS (SELECT 1 FROM marked_days d WHERE d.user_id = u.id)
            OR EXISTS (SELECT 1 FROM external_booking_notes n WHERE n.user_id = u.id))
        ORDER BY u.id
        ON CONFLICT (first_of_user) DO NOTHING
        RETURNING id, first_of_user)
      INSERT INTO property_members (property_id, user_id, role, share, can_see_money)
        SELECT id, first_of_user, 'owner', 100, true FROM made;
    `);
    await db.query(FIRST_PROPERTY_OF);
    for (const table of TABLES) {
      await db.query(`
        ALTER TABLE ${table} ADD COLUMN property_id int REFERENCES properties (id) ON DELETE CASCADE;
        UPDATE ${table} t SET property_id = f.property_id FROM ${FIRST_PROPERTY} f WHERE f.user_id = t.user_id;
        CREATE TRIGGER ${table}_property_default BEFORE INSERT ON ${table} FOR EACH ROW WHEN (NEW.property_id IS NULL) EXECUTE FUNCTION fill_first_property();
      `);
    }
    await db.query(`
      DROP INDEX events_user_time_idx; DROP INDEX events_user_start_idx; DROP INDEX events_user_updated_idx;
      CREATE INDEX events_property_time_idx ON events USING gist (property_id, tstzrange(start_time, ends_at, '[)'));
      CREATE INDEX events_property_start_idx ON events (property_id, start_time);
      CREATE INDEX events_property_updated_idx ON events (property_id, updated_at);
      CREATE INDEX events_user_idx ON events (user_id);
      ALTER TABLE marked_days DROP CONSTRAINT marked_days_user_id_date_key;
      DROP INDEX marked_days_user_updated_idx;
      ALTER TABLE marked_days ADD CONSTRAINT marked_days_property_date_key UNIQUE (property_id, date);
      CREATE INDEX marked_days_property_updated_idx ON marked_days (property_id, updated_at);
      CREATE INDEX marked_days_user_idx ON marked_days (user_id);
      ALTER TABLE external_booking_notes DROP CONSTRAINT external_booking_notes_user_id_event_external_id_key;
      ALTER TABLE external_booking_notes ADD CONSTRAINT external_booking_notes_property_event_key UNIQUE (property_id, event_external_id);
      CREATE INDEX external_booking_notes_user_idx ON external_booking_notes (user_id);

      DROP TABLE calendar_window_versions;
      CREATE TABLE calendar_window_versions (property_id int PRIMARY KEY, version bigint NOT NULL);
      INSERT INTO calendar_window_versions (property_id, version) SELECT id, nextval('calendar_window_version_seq') FROM properties ORDER BY id;
      ${BUMP_FUNCTION('bump_calendar_window_versions', byProperty)}
      ${BUMP_FUNCTION('bump_calendar_window_versions_of_users', byUser)}
      CREATE OR REPLACE FUNCTION bump_calendar_window_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('app.restoring', true) = 'on' THEN
          RETURN NULL;
        END IF;
        ${bump(`(SELECT p.id FROM properties p WHERE p.first_of_user IN (${TG_USERS}))`)};
        RETURN NULL;
      END $$;
    `);
    for (const table of BY_USER) await db.query(retrigger(table, 'bump_calendar_window_versions_of_users'));
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of BY_USER) await db.query(retrigger(table, 'bump_calendar_window_versions'));
    await db.query(`
      DROP FUNCTION bump_calendar_window_versions_of_users();
      DROP TABLE calendar_window_versions;
      CREATE TABLE calendar_window_versions (user_id int PRIMARY KEY, version bigint NOT NULL);
      INSERT INTO calendar_window_versions (user_id, version) SELECT id, nextval('calendar_window_version_seq') FROM users ORDER BY id;
      ${BUMP_FUNCTION('bump_calendar_window_versions', (rows) => `(SELECT user_id AS id FROM ${rows})`, 'user_id')}
      CREATE OR REPLACE FUNCTION bump_calendar_window_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('app.restoring', true) = 'on' THEN
          RETURN NULL;
        END IF;
        ${bump(`(SELECT unnest(ARRAY[${TG_USERS}]) AS id)`, 'user_id')};
        RETURN NULL;
      END $$;
      DROP INDEX events_property_time_idx; DROP INDEX events_property_start_idx; DROP INDEX events_property_updated_idx; DROP INDEX events_user_idx;
      CREATE INDEX events_user_time_idx ON events USING gist (user_id, tstzrange(start_time, ends_at, '[)'));
      CREATE INDEX events_user_start_idx ON events (user_id, start_time);
      CREATE INDEX events_user_updated_idx ON events (user_id, updated_at);
      ALTER TABLE marked_days DROP CONSTRAINT marked_days_property_date_key;
      DROP INDEX marked_days_property_updated_idx; DROP INDEX marked_days_user_idx;
      ALTER TABLE marked_days ADD CONSTRAINT marked_days_user_id_date_key UNIQUE (user_id, date);
      CREATE INDEX marked_days_user_updated_idx ON marked_days (user_id, updated_at);
      ALTER TABLE external_booking_notes DROP CONSTRAINT external_booking_notes_property_event_key;
      DROP INDEX external_booking_notes_user_idx;
      ALTER TABLE external_booking_notes ADD CONSTRAINT external_booking_notes_user_id_event_external_id_key UNIQUE (user_id, event_external_id);
    `);
    for (const table of TABLES) await db.query(`DROP TRIGGER ${table}_property_default ON ${table}; ALTER TABLE ${table} DROP COLUMN property_id`);
    await db.query('DROP FUNCTION fill_first_property()');
  }
}

/** The feeds' row trigger's users: the row's owner before and after (INSERT has no OLD, DELETE no NEW). */
const TG_USERS = `CASE WHEN TG_OP <> 'INSERT' THEN OLD.user_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.user_id END`;

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
