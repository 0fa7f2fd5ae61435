import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations';
import { SubscriptionScopes1766420000000 } from '../src/database/migrations/1766420000000-subscription-scopes';
import { migrationDatabase } from './helpers/migration-database';

describe('migration of the subscription validators to one per link', () => {
  jest.setTimeout(60_000);
  const db = migrationDatabase();

  it('keeps the validators served so far as those of the link of all, lets each property keep its own, and goes back', async () => {
    const index = migrations.indexOf(SubscriptionScopes1766420000000);
    let ds: DataSource = await db.upTo(index);
    const [{ id: kari }] = await ds.query(`INSERT INTO users (username, name, email, password) VALUES ('kari@example.com', 'Kari', 'kari@example.com', 'x') RETURNING id`);
    await ds.query(`INSERT INTO calendar_versions (user_id, etag, last_modified) VALUES ($1, '"a"', '2027-01-01T00:00:00Z')`, [kari]);

    ds = await db.upTo(index + 1);
    expect(await ds.query('SELECT user_id, scope, etag FROM calendar_versions')).toEqual([{ user_id: kari, scope: 0, etag: '"a"' }]);
    await ds.query(`INSERT INTO calendar_versions (user_id, scope, etag, last_modified) VALUES ($1, 12, '"b"', '2027-01-02T00:00:00Z')`, [kari]);
    await expect(ds.query(`INSERT INTO calendar_versions (user_id, scope, etag, last_modified) VALUES ($1, 12, '"c"', now())`, [kari])).rejects.toThrow();

    await ds.undoLastMigration();
    expect(await ds.query('SELECT user_id, etag FROM calendar_versions')).toEqual([{ user_id: kari, etag: '"a"' }]);
  });
});
