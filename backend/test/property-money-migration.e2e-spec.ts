import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations';
import { PropertyMoney1766400000000 } from '../src/database/migrations/1766400000000-property-money';
import { migrationDatabase } from './helpers/migration-database';

describe('migration of payouts and prices to the property', () => {
  jest.setTimeout(60_000);
  const db = migrationDatabase();
  let ds: DataSource;

  it('moves every payout and price interval to the property its user\'s calendar showed; nothing is lost; down takes the column away', async () => {
    const index = migrations.indexOf(PropertyMoney1766400000000);
    ds = await db.upTo(index);
    const user = async (name: string) =>
      (await ds.query(`INSERT INTO users (username, name, email, password) VALUES ($1, $2, $1, 'x') RETURNING id`, [`${name.toLowerCase().replace(/\W/g, '')}@example.com`, name]))[0].id as number;
    const kari = await user('Kari Nordmann');
    const ola = await user('Ola Nordmann');
    // Per holds a payout and no property: the migration makes him one.
    const per = await user('Per Uten Eiendom');
    const [{ id: kariOwn }] = await ds.query(`INSERT INTO properties (name, first_of_user) VALUES ('Kari', $1) RETURNING id`, [kari]);
    const [{ id: olaOwn }] = await ds.query(`INSERT INTO properties (name, first_of_user) VALUES ('Ola', $1) RETURNING id`, [ola]);
    // Ola joined Kari's cabin before his own was made for him: his money was shown in his own all the same.
    await ds.query(`INSERT INTO property_members (property_id, user_id, role, share, joined_at) VALUES ($1, $2, 'owner', 100, '2026-01-01'), ($1, $3, 'co-owner', NULL, '2026-01-02'), ($4, $3, 'owner', 100, '2026-06-01')`, [kariOwn, kari, ola, olaOwn]);
    const payout = (userId: number, month: number) => ds.query(`INSERT INTO payouts (user_id, month, year, amount) VALUES ($1, $2, 2026, '100.50')`, [userId, month]);
    await payout(kari, 1);
    await payout(kari, 2);
    await payout(ola, 1);
    await payout(per, 3);
    await ds.query(`INSERT INTO price_ranges (user_id, name, price_from, price_to) VALUES ($1, 'Høysesong', 1500, 2500), ($2, 'Lavsesong', 900, 1200)`, [kari, ola]);
    const TABLES = ['payouts', 'price_ranges'];
    const counts = async () => Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, (await ds.query(`SELECT count(*)::int AS n FROM ${t}`))[0].n])));
    const before = await counts();

    ds = await db.upTo(index + 1);
    expect(await counts()).toEqual(before);
    const [{ id: perOwn }] = await ds.query(`SELECT p.id FROM properties p JOIN property_members m ON m.property_id = p.id AND m.user_id = $1 AND m.role = 'owner' WHERE p.first_of_user = $1`, [per]);
    const shownIn = new Map([[kari, kariOwn], [ola, olaOwn], [per, perOwn]]);
    for (const table of TABLES) {
      const rows: { user_id: number; property_id: number }[] = await ds.query(`SELECT user_id, property_id FROM ${table}`);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect([table, row.user_id, row.property_id]).toEqual([table, row.user_id, shownIn.get(row.user_id)]);
    }
    // A row written without its property (a script, a fixture) lands in its user's first.
    await payout(per, 4);
    expect(await ds.query(`SELECT property_id FROM payouts WHERE user_id = $1 AND month = 4`, [per])).toEqual([{ property_id: perOwn }]);
    expect(await ds.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'payouts' AND indexname LIKE 'payouts_%_idx' ORDER BY indexname`)).toEqual([
      { indexname: 'payouts_property_year_idx' }, { indexname: 'payouts_user_idx' }, { indexname: 'payouts_year_idx' },
    ]);

    await ds.undoLastMigration();
    expect(await ds.query(`SELECT count(*)::int AS n FROM information_schema.columns WHERE column_name = 'property_id' AND table_name IN ('payouts', 'price_ranges')`)).toEqual([{ n: 0 }]);
    expect((await counts()).payouts).toBe(before.payouts + 1);
  });
});
