import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The calendar window's versions (migration 1765810000000, docs/api.md 'Conditional requests') are bumped once per
 * statement and owner instead of once per row. A row trigger gave an owner's version row a new value for every row
 * written, all in one transaction: a feed sync of 500 bookings updated that one row 500 times, and a bulk write of
 * 100,000 events took minutes, each update walking the growing chain of the row's earlier versions. A statement
 * trigger reads the statement's rows from its transition tables and bumps each owner they name once. PostgreSQL
 * takes transition tables on triggers of one event only, hence three triggers per table. The feeds' triggers stay
 * per row: they fire on one feed at a time and only when its name, switch or owner changed (a WHEN on the row).
 */
const TABLES = ['events', 'marked_days', 'external_bookings', 'external_booking_notes', 'booking_conflicts'];

export class CalendarWindowVersionsPerStatement1765830000000 implements MigrationInterface {
  name = 'CalendarWindowVersionsPerStatement1765830000000';

  async up(db: QueryRunner): Promise<void> {
    // Owners in user id order, so two statements bumping the same owners lock their rows in the same order.
    await db.query(`
      CREATE FUNCTION bump_calendar_window_versions() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('app.restoring', true) = 'on' THEN
          RETURN NULL;
        END IF;
        IF TG_OP = 'INSERT' THEN
          INSERT INTO calendar_window_versions (user_id, version)
          SELECT user_id, nextval('calendar_window_version_seq')
          FROM (SELECT DISTINCT user_id FROM new_rows WHERE user_id IS NOT NULL ORDER BY user_id) owners
          ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO calendar_window_versions (user_id, version)
          SELECT user_id, nextval('calendar_window_version_seq')
          FROM (SELECT DISTINCT user_id FROM old_rows WHERE user_id IS NOT NULL ORDER BY user_id) owners
          ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
        ELSE
          INSERT INTO calendar_window_versions (user_id, version)
          SELECT user_id, nextval('calendar_window_version_seq')
          FROM (SELECT user_id FROM old_rows WHERE user_id IS NOT NULL UNION SELECT user_id FROM new_rows WHERE user_id IS NOT NULL ORDER BY user_id) owners
          ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
        END IF;
        RETURN NULL;
      END $$;
    `);
    for (const table of TABLES) {
      await db.query(`
        DROP TRIGGER ${table}_window_version ON ${table};
        CREATE TRIGGER ${table}_window_version_insert AFTER INSERT ON ${table}
          REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_window_versions();
        CREATE TRIGGER ${table}_window_version_update AFTER UPDATE ON ${table}
          REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_window_versions();
        CREATE TRIGGER ${table}_window_version_delete AFTER DELETE ON ${table}
          REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_window_versions();
      `);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await db.query(`
        DROP TRIGGER ${table}_window_version_insert ON ${table};
        DROP TRIGGER ${table}_window_version_update ON ${table};
        DROP TRIGGER ${table}_window_version_delete ON ${table};
        CREATE TRIGGER ${table}_window_version AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION bump_calendar_window_version();
      `);
    }
    await db.query('DROP FUNCTION bump_calendar_window_versions()');
  }
}
