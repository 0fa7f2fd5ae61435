import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A property's rules for its owners' own stays (docs/product/stays.md): the most owner nights a year, the notice, the
 * least and most nights of a stay, and the periods closed to them; and its housing type with the rental days a year
 * the law allows it. One row per property with rules; the checks in the table are the API's own, so a row written
 * another way holds to them too.
 */
export class StayRules1766430000000 implements MigrationInterface {
  name = 'StayRules1766430000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE stay_rules (
        property_id int PRIMARY KEY REFERENCES properties (id) ON DELETE CASCADE,
        max_owner_nights_per_year smallint CHECK (max_owner_nights_per_year BETWEEN 0 AND 366),
        min_notice_days smallint CHECK (min_notice_days BETWEEN 0 AND 365),
        min_nights smallint CHECK (min_nights BETWEEN 1 AND 366),
        max_nights smallint CHECK (max_nights BETWEEN 1 AND 366),
        blackouts jsonb NOT NULL DEFAULT '[]',
        housing_type varchar(20) CHECK (housing_type IN ('selveier', 'borettslag', 'eierseksjonssameie', 'fritidsbolig', 'annet')),
        rental_day_limit smallint CHECK (rental_day_limit BETWEEN 0 AND 366),
        updated_by_id int REFERENCES users (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (min_nights IS NULL OR max_nights IS NULL OR min_nights <= max_nights)
      )
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE stay_rules');
  }
}
