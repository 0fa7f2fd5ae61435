import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stored file's bytes in chunks of 128 kB (FileStore, docs/product/cases.md): an upload is written as it arrives and a
 * download read a chunk at a time, so no request holds a whole file in memory or the database for long. Files stored
 * before keep their bytes in stored_files.content; new ones leave it null. The chunks go with their file.
 * Uploads per person per day (the upload quota) are summed from case_attachments by uploader and time.
 */
export class FileChunks1765650000000 implements MigrationInterface {
  name = 'FileChunks1765650000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE stored_files ALTER COLUMN content DROP NOT NULL');
    await db.query(`
      CREATE TABLE stored_file_chunks (
        file_id uuid NOT NULL REFERENCES stored_files (id) ON DELETE CASCADE,
        seq int NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (file_id, seq)
      )
    `);
    // Photos, PDFs and Office files are compressed already: PostgreSQL need not try again.
    await db.query('ALTER TABLE stored_file_chunks ALTER COLUMN data SET STORAGE EXTERNAL');
    await db.query('CREATE INDEX case_attachments_uploader_time ON case_attachments (uploader_id, created_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX case_attachments_uploader_time');
    await db.query('DROP TABLE stored_file_chunks');
    await db.query("UPDATE stored_files SET content = '' WHERE content IS NULL");
    await db.query('ALTER TABLE stored_files ALTER COLUMN content SET NOT NULL');
  }
}
