import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Upload quota held by uploads under way (docs/product/cases.md#attachments): the gate reserves a person's bytes
 * before the body is read, so uploads side by side never pass the quota together, and at most two run per person. A
 * row goes when its request ends; one left by a stopped instance no longer counts after `expires_at`.
 */
export class UploadReservations1765930000000 implements MigrationInterface {
  name = 'UploadReservations1765930000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE upload_reservations (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        bytes bigint NOT NULL,
        expires_at timestamptz NOT NULL
      )
    `);
    await db.query('CREATE INDEX upload_reservations_user ON upload_reservations (user_id, expires_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE upload_reservations');
  }
}
