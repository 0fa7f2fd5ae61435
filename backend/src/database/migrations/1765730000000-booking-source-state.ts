import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every booking source's table names its sync state alike (bookings/booking-source.types.ts SourceSyncState), so
 * the sources' skeleton writes it for each: Beds24's last_sync and the feeds' empty_parses take the shared names.
 * A rename keeps the data.
 */
export class BookingSourceState1765730000000 implements MigrationInterface {
  name = 'BookingSourceState1765730000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE beds24_config RENAME COLUMN last_sync TO last_synced');
    await db.query('ALTER TABLE ical_feeds RENAME COLUMN empty_parses TO empty_pulls');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE ical_feeds RENAME COLUMN empty_pulls TO empty_parses');
    await db.query('ALTER TABLE beds24_config RENAME COLUMN last_synced TO last_sync');
  }
}
