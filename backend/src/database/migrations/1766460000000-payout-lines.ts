import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A payout's lines (docs/product/payouts-and-prices.md#payout-lines): what a payout is made of (rent, cleaning,
 * commission, channel fees, expenses, adjustments), each a signed numeric(12,2), optionally naming the stay it came from
 * and a receipt in stored_files. The lines go with their payout; a line removed or given another receipt takes its
 * stored receipt with it.
 */
export class PayoutLines1766460000000 implements MigrationInterface {
  name = 'PayoutLines1766460000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE payout_lines (
        id serial PRIMARY KEY,
        payout_id int NOT NULL REFERENCES payouts (id) ON DELETE CASCADE,
        kind varchar(20) NOT NULL CHECK (kind IN ('rent', 'cleaning', 'commission', 'channel_fee', 'expense', 'adjustment')),
        description varchar(200) NOT NULL,
        amount numeric(12,2) NOT NULL,
        booking_ref varchar(100),
        receipt_file_id uuid REFERENCES stored_files (id) ON DELETE SET NULL,
        receipt_name varchar(255),
        receipt_type varchar(100),
        receipt_size int,
        imported boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- The sign rule (payouts-and-prices.md#signs): money in is positive, deductions negative, an adjustment either.
        CHECK (kind NOT IN ('rent', 'cleaning') OR amount >= 0),
        CHECK (kind NOT IN ('commission', 'channel_fee', 'expense') OR amount <= 0)
      )
    `);
    await db.query('CREATE INDEX payout_lines_payout ON payout_lines (payout_id, id)');
    await db.query(`
      CREATE FUNCTION payout_line_receipt_gone() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.receipt_file_id IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.receipt_file_id IS DISTINCT FROM OLD.receipt_file_id) THEN
          DELETE FROM stored_files WHERE id = OLD.receipt_file_id;
        END IF;
        RETURN NULL;
      END $$
    `);
    await db.query('CREATE TRIGGER payout_lines_receipt_gone AFTER DELETE OR UPDATE OF receipt_file_id ON payout_lines FOR EACH ROW EXECUTE FUNCTION payout_line_receipt_gone()');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE payout_lines');
    await db.query('DROP FUNCTION payout_line_receipt_gone');
  }
}
