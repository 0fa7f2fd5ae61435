import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A case may be a question about a payout's line (docs/product/cases.md#a-question-about-a-payout): it names the
 * payout and the line. The case outlives them: a payout or line removed leaves the case, naming nothing.
 */
export class CasePayoutQuestion1766490000000 implements MigrationInterface {
  name = 'CasePayoutQuestion1766490000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE cases
        ADD COLUMN payout_id int REFERENCES payouts (id) ON DELETE SET NULL,
        ADD COLUMN payout_line_id int REFERENCES payout_lines (id) ON DELETE SET NULL
    `);
    await db.query('CREATE INDEX cases_payout ON cases (payout_id) WHERE payout_id IS NOT NULL');
    await db.query('CREATE INDEX cases_payout_line ON cases (payout_line_id) WHERE payout_line_id IS NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE cases DROP COLUMN payout_line_id, DROP COLUMN payout_id');
  }
}
