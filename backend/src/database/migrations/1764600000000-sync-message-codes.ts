import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A feed's stored sync error and warning carry a message code and its parameters beside the text, so clients show
 * them in the user's language (feeds/sync-messages.ts lists the codes). Rows stored before have no code until
 * their next sync; clients fall back to the text.
 */
export class SyncMessageCodes1764600000000 implements MigrationInterface {
  name = 'SyncMessageCodes1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE ical_feeds ADD COLUMN last_error_code varchar(60);
      ALTER TABLE ical_feeds ADD COLUMN last_error_params jsonb;
      ALTER TABLE ical_feeds ADD COLUMN last_warning_code varchar(60);
      ALTER TABLE ical_feeds ADD COLUMN last_warning_params jsonb;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE ical_feeds DROP COLUMN last_warning_params; ALTER TABLE ical_feeds DROP COLUMN last_warning_code;
      ALTER TABLE ical_feeds DROP COLUMN last_error_params; ALTER TABLE ical_feeds DROP COLUMN last_error_code;
    `);
  }
}
