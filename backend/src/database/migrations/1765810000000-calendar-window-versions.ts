import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version per owner of everything GET /api/calendar-window shows, for its ETag (docs/api.md, 'Conditional
 * requests'): triggers on the tables the window reads (own events, marked days, external bookings, notes on them,
 * the stored double bookings,
 * and the feeds whose name and switch the bookings show with) give the owner's row a new version on every write, so
 * a revalidation costs one primary-key read, not a render. Versions come from one sequence, never reused, so a
 * version a client holds is never handed out again for other content. A restore (backups.service.ts) puts this
 * table back as it was at the backup, beside the rows it describes, with the triggers quiet (the transaction's
 * `app.restoring`): each owner's version then names the restored content again, and a tag served since the backup
 * names a version the restore did not bring back. A table the window starts reading gets the same trigger.
 */
const TABLES = ['events', 'marked_days', 'external_bookings', 'external_booking_notes', 'booking_conflicts'];

export class CalendarWindowVersions1765810000000 implements MigrationInterface {
  name = 'CalendarWindowVersions1765810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE SEQUENCE calendar_window_version_seq;
      CREATE TABLE calendar_window_versions (
        user_id int PRIMARY KEY,
        version bigint NOT NULL
      );
      INSERT INTO calendar_window_versions (user_id, version) SELECT id, nextval('calendar_window_version_seq') FROM users;

      CREATE FUNCTION bump_calendar_window_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('app.restoring', true) = 'on' THEN
          RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          INSERT INTO calendar_window_versions (user_id, version) VALUES (OLD.user_id, nextval('calendar_window_version_seq'))
          ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
        END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
          INSERT INTO calendar_window_versions (user_id, version) VALUES (NEW.user_id, nextval('calendar_window_version_seq'))
          ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
        END IF;
        RETURN NULL;
      END $$;
    `);
    for (const table of TABLES) {
      await db.query(`CREATE TRIGGER ${table}_window_version AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION bump_calendar_window_version()`);
    }
    // A feed's sync writes its own row every time; only its name and switch show in the window.
    await db.query(`
      CREATE TRIGGER ical_feeds_window_version AFTER INSERT OR DELETE ON ical_feeds FOR EACH ROW EXECUTE FUNCTION bump_calendar_window_version();
      CREATE TRIGGER ical_feeds_window_version_changed AFTER UPDATE ON ical_feeds FOR EACH ROW
        WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.enabled IS DISTINCT FROM NEW.enabled OR OLD.user_id IS DISTINCT FROM NEW.user_id)
        EXECUTE FUNCTION bump_calendar_window_version();
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of TABLES) await db.query(`DROP TRIGGER ${table}_window_version ON ${table}`);
    await db.query(`
      DROP TRIGGER ical_feeds_window_version ON ical_feeds;
      DROP TRIGGER ical_feeds_window_version_changed ON ical_feeds;
      DROP FUNCTION bump_calendar_window_version();
      DROP TABLE calendar_window_versions;
      DROP SEQUENCE calendar_window_version_seq;
    `);
  }
}
