import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A person's subscription link exists for all their properties and for each one (docs/product/calendar.md#subscriptions),
 * so the validators last served are kept per person and scope: 0 for the link of all their properties, else the
 * property's id. The rows kept so far were served for the only link there was, which showed the person's first
 * property; they become the scope-0 rows, so the first poll after the change sees a new ETag and moves Last-Modified on.
 */
export class SubscriptionScopes1766420000000 implements MigrationInterface {
  name = 'SubscriptionScopes1766420000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE calendar_versions ADD COLUMN scope int NOT NULL DEFAULT 0');
    await db.query('ALTER TABLE calendar_versions DROP CONSTRAINT calendar_versions_pkey');
    await db.query('ALTER TABLE calendar_versions ADD PRIMARY KEY (user_id, scope)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DELETE FROM calendar_versions WHERE scope <> 0');
    await db.query('ALTER TABLE calendar_versions DROP CONSTRAINT calendar_versions_pkey');
    await db.query('ALTER TABLE calendar_versions DROP COLUMN scope');
    await db.query('ALTER TABLE calendar_versions ADD PRIMARY KEY (user_id)');
  }
}
