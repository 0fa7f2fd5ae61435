import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payouts (what an owner was paid per month, registered by staff) and price ranges (what an owner's property rents
 * for). Money is numeric(10,2): exact, and answered as a string. A month may hold several payouts (corrections).
 */
export class PayoutsAndPrices1765200000000 implements MigrationInterface {
  name = 'PayoutsAndPrices1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE payouts (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        month smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
        year smallint NOT NULL CHECK (year BETWEEN 2020 AND 2100),
        amount numeric(10,2) NOT NULL CHECK (amount >= 0),
        currency char(3) NOT NULL DEFAULT 'NOK',
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'sent', 'offset')),
        rental_days smallint CHECK (rental_days BETWEEN 0 AND 31),
        paid_date date,
        notes text,
        registered_by_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The owner's year and the admin list filtered by owner and year both read (user, year, month).
    await db.query('CREATE INDEX payouts_user_year_idx ON payouts (user_id, year, month)');
    await db.query('CREATE INDEX payouts_year_idx ON payouts (year, month)');
    await db.query(`
      CREATE TABLE price_ranges (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        price_from numeric(10,2) NOT NULL CHECK (price_from >= 0),
        price_to numeric(10,2) NOT NULL CHECK (price_to >= price_from),
        discount_percent numeric(5,2) NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX price_ranges_user_idx ON price_ranges (user_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE price_ranges');
    await db.query('DROP TABLE payouts');
  }
}
