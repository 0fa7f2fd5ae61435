import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deleted staff member's appointments stay (docs/roles.md#removing-a-person): their upcoming ones are handed over
 * or cancelled before the account goes, and what is left (past and cancelled ones, in the owner's history) loses its
 * staff member instead of vanishing with them, as meetings and cases already do.
 */
export class AppointmentStaffKept1765970000000 implements MigrationInterface {
  name = 'AppointmentStaffKept1765970000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE appointments ALTER COLUMN staff_user_id DROP NOT NULL;
      ALTER TABLE appointments DROP CONSTRAINT appointments_staff_user_id_fkey;
      ALTER TABLE appointments ADD CONSTRAINT appointments_staff_user_id_fkey FOREIGN KEY (staff_user_id) REFERENCES users (id) ON DELETE SET NULL;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DELETE FROM appointments WHERE staff_user_id IS NULL;
      ALTER TABLE appointments DROP CONSTRAINT appointments_staff_user_id_fkey;
      ALTER TABLE appointments ADD CONSTRAINT appointments_staff_user_id_fkey FOREIGN KEY (staff_user_id) REFERENCES users (id) ON DELETE CASCADE;
      ALTER TABLE appointments ALTER COLUMN staff_user_id SET NOT NULL;
    `);
  }
}
