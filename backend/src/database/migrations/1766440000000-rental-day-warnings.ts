import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The warnings sent when a property's rental days of a year reach 80 % and 100 % of what the law allows it
 * (docs/product/stays.md#warnings): one row per property, year and threshold, so each is told once.
 */
export class RentalDayWarnings1766440000000 implements MigrationInterface {
  name = 'RentalDayWarnings1766440000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE rental_day_warnings (
        property_id int NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
        year smallint NOT NULL,
        threshold smallint NOT NULL CHECK (threshold IN (80, 100)),
        rental_days smallint NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (property_id, year, threshold)
      )
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE rental_day_warnings');
  }
}
