import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the owner and the admins were told a Beds24 connection is refused or keeps failing (docs/product/beds24.md#notifications);
 * cleared, and told again, when it syncs once more. As the iCal feeds' failing_notified_at.
 */
export class Beds24FailingNotified1765950000000 implements MigrationInterface {
  name = 'Beds24FailingNotified1765950000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE beds24_config ADD COLUMN failing_notified_at timestamptz');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE beds24_config DROP COLUMN failing_notified_at');
  }
}
