import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Properties and their members (docs/product/properties.md): the property, not the login, is what data will belong
 * to. Every owner account (every user who is not staff) gets one property named after them, with themselves as its
 * owner holding the whole share; so does a staff account that holds owner data (events, feeds, a Beds24 connection,
 * payouts, price ranges). A restore of an older backup runs this migration the same way. `first_of_user` marks the
 * property made as a person's first, so that one made at first need (PropertiesService) is made once.
 */
export class Properties1766000000000 implements MigrationInterface {
  name = 'Properties1766000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE properties (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        address varchar(300),
        timezone varchar(64) NOT NULL DEFAULT 'Europe/Oslo',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        first_of_user int REFERENCES users (id) ON DELETE SET NULL
      );
      CREATE TABLE property_members (
        property_id int NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role varchar(10) NOT NULL CHECK (role IN ('owner', 'co-owner', 'viewer')),
        share numeric(5,2) CHECK (share >= 0 AND share <= 100),
        can_see_money boolean NOT NULL DEFAULT false,
        joined_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (property_id, user_id)
      );
      CREATE INDEX property_members_user ON property_members (user_id, property_id);
      INSERT INTO properties (name, first_of_user)
        SELECT left(u.name, 100), u.id FROM users u
        WHERE NOT (u.is_admin OR u.is_mini_admin)
           OR EXISTS (SELECT 1 FROM events e WHERE e.user_id = u.id)
           OR EXISTS (SELECT 1 FROM ical_feeds f WHERE f.user_id = u.id)
           OR EXISTS (SELECT 1 FROM beds24_config b WHERE b.user_id = u.id)
           OR EXISTS (SELECT 1 FROM payouts p WHERE p.user_id = u.id)
           OR EXISTS (SELECT 1 FROM price_ranges r WHERE r.user_id = u.id)
        ORDER BY u.id;
      INSERT INTO property_members (property_id, user_id, role, share, can_see_money)
        SELECT id, first_of_user, 'owner', 100, true FROM properties;
      CREATE UNIQUE INDEX properties_first_of_user ON properties (first_of_user);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE property_members; DROP TABLE properties;');
  }
}
