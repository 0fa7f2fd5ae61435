import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recovery codes are found by a keyed lookup (an HMAC of the code under a key derived from the server secret) and
 * then verified once, instead of verifying every unused code (docs/security.md#two-factor-sign-in). Codes made before
 * have no lookup and keep verifying by the bounded fallback; they cannot be backfilled, as only their hashes are kept.
 */
export class RecoveryCodeLookup1765900000000 implements MigrationInterface {
  name = 'RecoveryCodeLookup1765900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE user_recovery_codes ADD COLUMN lookup varchar(80);
      CREATE INDEX user_recovery_codes_lookup_idx ON user_recovery_codes (user_id, lookup);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX user_recovery_codes_lookup_idx;
      ALTER TABLE user_recovery_codes DROP COLUMN lookup;
    `);
  }
}
