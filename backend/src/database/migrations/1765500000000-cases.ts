import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer-service cases: the case with its readable number (K-2026-00042, from a sequence), its
 * messages and their attachments (the bytes in stored_files, so every instance and backup has them).
 */
export class Cases1765500000000 implements MigrationInterface {
  name = 'Cases1765500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE SEQUENCE case_number_seq');
    await db.query(`
      CREATE TABLE cases (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        admin_id int REFERENCES users (id) ON DELETE SET NULL,
        department varchar(50) CHECK (department IN ('it_dept', 'customer_service', 'homeowner_service', 'finance_dept', 'insurance')),
        case_number varchar(20) NOT NULL UNIQUE,
        title varchar(100) NOT NULL,
        category varchar(50) NOT NULL,
        priority varchar(20) NOT NULL DEFAULT 'medium',
        status varchar(30) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
        is_closed boolean NOT NULL DEFAULT false,
        closed_at timestamptz,
        closed_by_id int REFERENCES users (id) ON DELETE SET NULL,
        message_count int NOT NULL DEFAULT 0,
        last_message varchar(200),
        last_message_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    // The owner's list (open or archive, newest activity first) and the staff list's usual order and filters.
    await db.query('CREATE INDEX cases_owner ON cases (user_id, is_closed, updated_at DESC, id DESC)');
    await db.query('CREATE INDEX cases_updated ON cases (updated_at DESC, id DESC)');
    await db.query('CREATE INDEX cases_admin ON cases (admin_id) WHERE admin_id IS NOT NULL');
    await db.query(`
      CREATE TABLE case_messages (
        id serial PRIMARY KEY,
        case_id int NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
        sender_id int REFERENCES users (id) ON DELETE SET NULL,
        target_user_id int REFERENCES users (id) ON DELETE SET NULL,
        message text NOT NULL,
        is_admin_message boolean NOT NULL DEFAULT false,
        is_read boolean NOT NULL DEFAULT false,
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query('CREATE INDEX case_messages_case_time ON case_messages (case_id, created_at, id)');
    // Unread counts per side: only the unread rows are indexed, so the index stays small as cases are answered.
    await db.query('CREATE INDEX case_messages_unread ON case_messages (case_id, is_admin_message) WHERE NOT is_read');
    await db.query(`
      CREATE TABLE case_attachments (
        id serial PRIMARY KEY,
        case_id int NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
        message_id int NOT NULL REFERENCES case_messages (id) ON DELETE CASCADE,
        file_id uuid NOT NULL REFERENCES stored_files (id),
        file_name varchar(255) NOT NULL,
        file_type varchar(100) NOT NULL,
        file_size int NOT NULL,
        uploader_id int REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query('CREATE INDEX case_attachments_message ON case_attachments (message_id)');
    await db.query('CREATE INDEX case_attachments_case ON case_attachments (case_id)');
    // A removed attachment row (its case or owner deleted) takes its stored bytes with it.
    await db.query(`
      CREATE FUNCTION case_attachment_file_gone() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM stored_files WHERE id = OLD.file_id;
        RETURN OLD;
      END $$
    `);
    await db.query('CREATE TRIGGER case_attachments_file_gone AFTER DELETE ON case_attachments FOR EACH ROW EXECUTE FUNCTION case_attachment_file_gone()');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE case_attachments');
    await db.query('DROP FUNCTION case_attachment_file_gone');
    await db.query('DROP TABLE case_messages');
    await db.query('DROP TABLE cases');
    await db.query('DROP SEQUENCE case_number_seq');
  }
}
