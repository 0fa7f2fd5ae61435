import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Double bookings found by detection (docs/architecture.md "Double bookings"), one row per pair of calendar entries
 * of one owner, keyed by the pair: a pair found again is the same row, so nobody is told twice. A pair that stops
 * conflicting is marked resolved rather than removed, for the same reason. The calendar window reads open rows by
 * (owner, day range) through the partial index; the staff list reads open rows by their last day.
 */
export class BookingConflicts1765740000000 implements MigrationInterface {
  name = 'BookingConflicts1765740000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE booking_conflicts (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        a_id varchar(80) NOT NULL,
        b_id varchar(80) NOT NULL,
        a_kind varchar(20) NOT NULL,
        b_kind varchar(20) NOT NULL,
        a_source_id int,
        b_source_id int,
        a_title text NOT NULL,
        b_title text NOT NULL,
        from_date date NOT NULL,
        to_date date NOT NULL,
        detected_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        CONSTRAINT booking_conflicts_pair UNIQUE (user_id, a_id, b_id)
      );
      CREATE INDEX booking_conflicts_open_user_idx ON booking_conflicts (user_id, to_date, from_date) WHERE resolved_at IS NULL;
      CREATE INDEX booking_conflicts_open_to_idx ON booking_conflicts (to_date) WHERE resolved_at IS NULL;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE booking_conflicts');
  }
}
