import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A feed's colour is the colour of its bookings in the calendar (docs/product/feeds.md), so an owner tells Airbnb
 * from Booking.com: external_booking_sources gains each source's colour (a feed's own; none for Beds24, whose
 * bookings keep the booking pink), and a feed's colour change gives its owner a new calendar window version, as a
 * change of its name or switch does (migration 1765810000000).
 */
export class BookingSourceColours1765960000000 implements MigrationInterface {
  name = 'BookingSourceColours1765960000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE OR REPLACE VIEW external_booking_sources AS
        SELECT 'ical'::varchar(20) AS source_kind, id AS source_id, user_id, name, enabled, color FROM ical_feeds
        UNION ALL
        SELECT 'beds24'::varchar(20), id, user_id, 'Beds24'::varchar(255), true, NULL::varchar FROM beds24_config;

      DROP TRIGGER ical_feeds_window_version_changed ON ical_feeds;
      CREATE TRIGGER ical_feeds_window_version_changed AFTER UPDATE ON ical_feeds FOR EACH ROW
        WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.enabled IS DISTINCT FROM NEW.enabled OR OLD.user_id IS DISTINCT FROM NEW.user_id
          OR OLD.color IS DISTINCT FROM NEW.color)
        EXECUTE FUNCTION bump_calendar_window_version();
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TRIGGER ical_feeds_window_version_changed ON ical_feeds;
      CREATE TRIGGER ical_feeds_window_version_changed AFTER UPDATE ON ical_feeds FOR EACH ROW
        WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.enabled IS DISTINCT FROM NEW.enabled OR OLD.user_id IS DISTINCT FROM NEW.user_id)
        EXECUTE FUNCTION bump_calendar_window_version();
      DROP VIEW external_booking_sources;
      CREATE VIEW external_booking_sources AS
        SELECT 'ical'::varchar(20) AS source_kind, id AS source_id, user_id, name, enabled FROM ical_feeds
        UNION ALL
        SELECT 'beds24'::varchar(20), id, user_id, 'Beds24'::varchar(255), true FROM beds24_config;
    `);
  }
}
