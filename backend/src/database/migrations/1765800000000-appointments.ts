import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Appointments (docs/appointments.md): the weekly hours staff take meetings in, the dates they are closed, and the
 * owners' bookings. A booking holds its slot through the partial unique index on (staff_user_id, start_at) while it
 * is booked: of two owners taking the same slot at the same moment, the database lets exactly one in.
 */
export class Appointments1765800000000 implements MigrationInterface {
  name = 'Appointments1765800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE appointment_hours (
        id serial PRIMARY KEY,
        weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
        start_time varchar(5) NOT NULL,
        end_time varchar(5) NOT NULL,
        staff_user_ids int[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (start_time < end_time)
      )
    `);
    await db.query(`
      CREATE TABLE appointment_closed_dates (
        id serial PRIMARY KEY,
        date date NOT NULL UNIQUE,
        reason varchar(200),
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`
      CREATE TABLE appointments (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        staff_user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        -- No foreign key: when staff delete the meeting in the back office, its cancellation event still finds the
        -- appointment by this id and frees the slot.
        agreement_id int,
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled')),
        subject varchar(200) NOT NULL,
        description text,
        location varchar(10) NOT NULL CHECK (location IN ('phone', 'video', 'office')),
        phone varchar(20),
        cancelled_at timestamptz,
        cancelled_by int REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_at > start_at)
      )
    `);
    // The one rule that decides a race: a staff member has at most one booked appointment starting at an instant.
    await db.query(`CREATE UNIQUE INDEX appointments_staff_slot ON appointments (staff_user_id, start_at) WHERE status = 'booked'`);
    await db.query('CREATE INDEX appointments_user_start ON appointments (user_id, start_at DESC)');
    await db.query('CREATE INDEX appointments_start ON appointments (start_at DESC, id DESC)');
    await db.query('CREATE INDEX appointments_agreement ON appointments (agreement_id)');
    // The free-slot read: a staff member's scheduled meetings in a window.
    await db.query(`CREATE INDEX admin_agreements_admin_date ON admin_agreements (admin_id, meeting_date) WHERE status = 'scheduled'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX admin_agreements_admin_date');
    await db.query('DROP TABLE appointments');
    await db.query('DROP TABLE appointment_closed_dates');
    await db.query('DROP TABLE appointment_hours');
  }
}
