import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settings staff change without a developer (docs/product/system.md#settings): design colours and maintenance mode, one
 * row per known key. A key without a row has its default.
 */
export class SystemSettings1765400000000 implements MigrationInterface {
  name = 'SystemSettings1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE system_settings (
        key varchar(100) PRIMARY KEY,
        value text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by integer REFERENCES users(id) ON DELETE SET NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE system_settings');
  }
}
