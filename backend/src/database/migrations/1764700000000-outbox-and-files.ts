import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Mailer's outbox (every message, and whether it left: sent, failed, or not sent because no SMTP_URL is set)
 * and the FileStore's uploads, kept in the database so every instance serves them and every backup holds them.
 */
export class OutboxAndFiles1764700000000 implements MigrationInterface {
  name = 'OutboxAndFiles1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        "to" text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        status varchar(10) NOT NULL CHECK (status IN ('sent', 'failed', 'not-sent')),
        error text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX mail_outbox_created_at ON mail_outbox (created_at);
      CREATE TABLE stored_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        content bytea NOT NULL,
        byte_size int NOT NULL,
        content_type varchar(100) NOT NULL,
        sha256 char(64) NOT NULL,
        original_name varchar(255) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE stored_files; DROP TABLE mail_outbox;');
  }
}
