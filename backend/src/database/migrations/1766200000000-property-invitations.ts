import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitations to a property (docs/product/properties.md#invitations): a single-use link for 7 days, of which only
 * the token's SHA-256 is stored. A pending invitation is one neither accepted nor revoked; the partial index serves
 * the property's list of them and the count its limit reads.
 */
export class PropertyInvitations1766200000000 implements MigrationInterface {
  name = 'PropertyInvitations1766200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE property_invitations (
        id serial PRIMARY KEY,
        property_id int NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        role varchar(10) NOT NULL CHECK (role IN ('co-owner', 'viewer')),
        can_see_money boolean NOT NULL DEFAULT false,
        token_hash varchar(64) NOT NULL UNIQUE,
        invited_by_id int REFERENCES users (id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by_id int REFERENCES users (id) ON DELETE SET NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX property_invitations_pending ON property_invitations (property_id, created_at) WHERE accepted_at IS NULL AND revoked_at IS NULL;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE property_invitations;');
  }
}
