import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal notes belong to external bookings of every source (Beds24 as well as iCal feeds), so their table is named
 * for that: ical_event_notes becomes external_booking_notes with its rows, ids and constraints as they are (a note is
 * keyed by the booking's API id, which already names its source kind).
 */
export class ExternalBookingNotes1765710000000 implements MigrationInterface {
  name = 'ExternalBookingNotes1765710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE ical_event_notes RENAME TO external_booking_notes;
      ALTER SEQUENCE ical_event_notes_id_seq RENAME TO external_booking_notes_id_seq;
      ALTER TABLE external_booking_notes RENAME CONSTRAINT ical_event_notes_pkey TO external_booking_notes_pkey;
      ALTER TABLE external_booking_notes RENAME CONSTRAINT ical_event_notes_user_id_event_external_id_key TO external_booking_notes_user_id_event_external_id_key;
      ALTER TABLE external_booking_notes RENAME CONSTRAINT ical_event_notes_user_id_fkey TO external_booking_notes_user_id_fkey;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE external_booking_notes RENAME CONSTRAINT external_booking_notes_user_id_fkey TO ical_event_notes_user_id_fkey;
      ALTER TABLE external_booking_notes RENAME CONSTRAINT external_booking_notes_user_id_event_external_id_key TO ical_event_notes_user_id_event_external_id_key;
      ALTER TABLE external_booking_notes RENAME CONSTRAINT external_booking_notes_pkey TO ical_event_notes_pkey;
      ALTER SEQUENCE external_booking_notes_id_seq RENAME TO ical_event_notes_id_seq;
      ALTER TABLE external_booking_notes RENAME TO ical_event_notes;
    `);
  }
}
