import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agreements belong to the property, and a case may name one (docs/product/properties.md, docs/product/agreements.md,
 * docs/product/cases.md). Each agreement moves to its owner's first property (the earliest they joined: what a request
 * that names none reads, so 'Mine avtaler' shows the same meetings after as before); an owner holding agreements but no
 * property gets one, as migration 1766100000000 made them. A row written without a property lands in its user's first
 * (the trigger `fill_first_property` of that migration). `user_id` stays as the owner the meeting was made with (the
 * mails' greeting, the back office's owner column).
 *
 * A case names its owner's first property when they have one; a case of someone with none (staff, an account that
 * never had data) names none, and no property is made for a case alone: a case is a person's conversation with
 * customer service, and the property only gives staff the context. Deleting a property leaves its cases without one.
 */
const FIRST_PROPERTY = `(SELECT DISTINCT ON (m.user_id) m.user_id, m.property_id FROM property_members m
  JOIN properties p ON p.id = m.property_id AND p.deleted_at IS NULL ORDER BY m.user_id, m.joined_at, m.property_id)`;

export class PropertyAgreementsCases1766410000000 implements MigrationInterface {
  name = 'PropertyAgreementsCases1766410000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      WITH made AS (
        INSERT INTO properties (name, first_of_user)
        SELECT left(u.name, 100), u.id FROM users u
        WHERE NOT EXISTS (SELECT 1 FROM ${FIRST_PROPERTY} f WHERE f.user_id = u.id)
          AND EXISTS (SELECT 1 FROM admin_agreements a WHERE a.user_id = u.id)
        ORDER BY u.id
        ON CONFLICT (first_of_user) DO NOTHING
        RETURNING id, first_of_user)
      INSERT INTO property_members (property_id, user_id, role, share, can_see_money)
        SELECT id, first_of_user, 'owner', 100, true FROM made;
    `);
    await db.query(`
      ALTER TABLE admin_agreements ADD COLUMN property_id int REFERENCES properties (id) ON DELETE CASCADE;
      UPDATE admin_agreements t SET property_id = f.property_id FROM ${FIRST_PROPERTY} f WHERE f.user_id = t.user_id;
      CREATE TRIGGER admin_agreements_property_default BEFORE INSERT ON admin_agreements FOR EACH ROW WHEN (NEW.property_id IS NULL) EXECUTE FUNCTION fill_first_property();
      DROP INDEX admin_agreements_user_date;
      CREATE INDEX admin_agreements_property_date ON admin_agreements (property_id, meeting_date DESC, id DESC);
      CREATE INDEX admin_agreements_user ON admin_agreements (user_id);

      ALTER TABLE cases ADD COLUMN property_id int REFERENCES properties (id) ON DELETE SET NULL;
      UPDATE cases t SET property_id = f.property_id FROM ${FIRST_PROPERTY} f WHERE f.user_id = t.user_id;
      CREATE TRIGGER cases_property_default BEFORE INSERT ON cases FOR EACH ROW WHEN (NEW.property_id IS NULL) EXECUTE FUNCTION fill_first_property();
      CREATE INDEX cases_property ON cases (property_id, updated_at DESC, id DESC) WHERE property_id IS NOT NULL;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX cases_property;
      DROP TRIGGER cases_property_default ON cases;
      ALTER TABLE cases DROP COLUMN property_id;
      DROP INDEX admin_agreements_user; DROP INDEX admin_agreements_property_date;
      CREATE INDEX admin_agreements_user_date ON admin_agreements (user_id, meeting_date DESC);
      DROP TRIGGER admin_agreements_property_default ON admin_agreements;
      ALTER TABLE admin_agreements DROP COLUMN property_id;
    `);
  }
}
