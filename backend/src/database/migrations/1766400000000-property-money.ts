import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payouts and price ranges belong to the property (docs/product/properties.md, docs/product/payouts-and-prices.md):
 * each row carries `property_id`, filled from the property its user's calendar showed (the one made for them, else the
 * first they joined), as migration 1766300000000 moved the imported bookings; a user holding such rows but no property
 * gets one. A row written without `property_id` (scripts, fixtures) lands in its user's first property (the trigger of
 * migration 1766100000000). The owner's year and the statement read (property, year, month); `user_id` stays as whom the
 * payout or price was registered for (the audit's subject, the hand-over when a member leaves).
 */
const TABLES = ['payouts', 'price_ranges'];

/** The property each user's rows were shown in: the one made for them, else the first they joined. */
const SHOWN_IN = `(SELECT u.id AS user_id, coalesce(
    (SELECT p.id FROM properties p WHERE p.first_of_user = u.id AND p.deleted_at IS NULL),
    (SELECT m.property_id FROM property_members m JOIN properties p ON p.id = m.property_id AND p.deleted_at IS NULL
      WHERE m.user_id = u.id ORDER BY m.joined_at, m.property_id LIMIT 1)) AS property_id
  FROM users u)`;

export class PropertyMoney1766400000000 implements MigrationInterface {
  name = 'PropertyMoney1766400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      WITH made AS (
        INSERT INTO properties (name, first_of_user)
        SELECT left(u.name, 100), u.id FROM users u JOIN ${SHOWN_IN} s ON s.user_id = u.id
        WHERE s.property_id IS NULL
          AND (${TABLES.map((t) => `EXISTS (SELECT 1 FROM ${t} r WHERE r.user_id = u.id)`).join(' OR ')})
        ORDER BY u.id
        ON CONFLICT (first_of_user) DO NOTHING
        RETURNING id, first_of_user)
      INSERT INTO property_members (property_id, user_id, role, share, can_see_money)
        SELECT id, first_of_user, 'owner', 100, true FROM made;
    `);
    for (const table of TABLES) {
      await db.query(`
        ALTER TABLE ${table} ADD COLUMN property_id int REFERENCES properties (id) ON DELETE CASCADE;
        UPDATE ${table} t SET property_id = s.property_id FROM ${SHOWN_IN} s WHERE s.user_id = t.user_id;
        CREATE TRIGGER ${table}_property_default BEFORE INSERT ON ${table} FOR EACH ROW WHEN (NEW.property_id IS NULL) EXECUTE FUNCTION fill_first_property();
      `);
    }
    await db.query(`
      DROP INDEX payouts_user_year_idx;
      CREATE INDEX payouts_property_year_idx ON payouts (property_id, year, month);
      CREATE INDEX payouts_user_idx ON payouts (user_id);
      CREATE INDEX price_ranges_property_idx ON price_ranges (property_id);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX price_ranges_property_idx;
      DROP INDEX payouts_user_idx;
      DROP INDEX payouts_property_year_idx;
      CREATE INDEX payouts_user_year_idx ON payouts (user_id, year, month);
    `);
    for (const table of TABLES) await db.query(`DROP TRIGGER ${table}_property_default ON ${table}; ALTER TABLE ${table} DROP COLUMN property_id`);
  }
}
