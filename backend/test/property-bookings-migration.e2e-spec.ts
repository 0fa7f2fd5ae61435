import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations';
import { PropertyBookings1766300000000 } from '../src/database/migrations/1766300000000-property-bookings';
import { migrationDatabase } from './helpers/migration-database';

describe('migration of imported bookings to the property', () => {
  jest.setTimeout(60_000);
  const db = migrationDatabase();
  let ds: DataSource;

  it('moves every feed, Beds24 connection, booking and double booking to the property its calendar showed it in; nothing is lost', async () => {
    const index = migrations.indexOf(PropertyBookings1766300000000);
    ds = await db.upTo(index);
    const user = async (name: string) =>
      (await ds.query(`INSERT INTO users (username, name, email, password) VALUES ($1, $2, $1, 'x') RETURNING id`, [`${name.toLowerCase().replace(/\W/g, '')}@example.com`, name]))[0].id as number;
    const kari = await user('Kari Nordmann');
    const ola = await user('Ola Nordmann');
    // Per holds a feed and no property: the migration makes him one.
    const per = await user('Per Uten Eiendom');
    const [{ id: kariOwn }] = await ds.query(`INSERT INTO properties (name, first_of_user) VALUES ('Kari', $1) RETURNING id`, [kari]);
    const [{ id: olaOwn }] = await ds.query(`INSERT INTO properties (name, first_of_user) VALUES ('Ola', $1) RETURNING id`, [ola]);
    // Ola joined Kari's cabin before his own was made for him: his bookings were shown in his own all the same.
    await ds.query(`INSERT INTO property_members (property_id, user_id, role, share, joined_at) VALUES ($1, $2, 'owner', 100, '2026-01-01'), ($1, $3, 'co-owner', NULL, '2026-01-02'), ($4, $3, 'owner', 100, '2026-06-01')`, [kariOwn, kari, ola, olaOwn]);
    const feed = async (userId: number) => (await ds.query(`INSERT INTO ical_feeds (user_id, name, url) VALUES ($1, 'Airbnb', 'https://example.com/a.ics') RETURNING id`, [userId]))[0].id as number;
    const kariFeed = await feed(kari);
    const olaFeed = await feed(ola);
    const perFeed = await feed(per);
    await ds.query(`INSERT INTO beds24_config (user_id, credential_sealed, credential_kind, credential_last4, prop_id) VALUES ($1, 'x', 'longLife', 'abcd', 7)`, [kari]);
    const booking = (userId: number, source: number, uid: string) =>
      ds.query(`INSERT INTO external_bookings (source_kind, source_id, user_id, external_uid, start_time, ends_at, all_day, sync_generation) VALUES ('ical', $1, $2, $3, '2027-01-10', '2027-01-12', true, 1)`, [source, userId, uid]);
    await booking(kari, kariFeed, 'k1');
    await booking(kari, kariFeed, 'k2');
    await booking(ola, olaFeed, 'o1');
    await booking(per, perFeed, 'p1');
    await ds.query(`INSERT INTO booking_conflicts (user_id, a_id, b_id, a_kind, b_kind, a_title, b_title, from_date, to_date) VALUES ($1, '1', 'ical-1-a', 'own', 'ical', 'A', 'B', '2027-01-10', '2027-01-11')`, [kari]);
    const TABLES = ['ical_feeds', 'beds24_config', 'external_bookings', 'booking_conflicts'];
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
    // A booking written in a property moves that property's window on, and no other's.
    const version = async (propertyId: number) => (await ds.query('SELECT version FROM calendar_window_versions WHERE property_id = $1', [propertyId]))[0]?.version ?? null;
    const [kariBefore, olaBefore] = [await version(kariOwn), await version(olaOwn)];
    await ds.query(`INSERT INTO external_bookings (source_kind, source_id, user_id, property_id, external_uid, start_time, ends_at, all_day, sync_generation) VALUES ('ical', $1, $2, $3, 'k3', '2027-02-10', '2027-02-12', true, 2)`, [kariFeed, ola, kariOwn]);
    expect(await version(kariOwn)).not.toBe(kariBefore);
    expect(await version(olaOwn)).toBe(olaBefore);

    await ds.undoLastMigration();
    expect(await ds.query(`SELECT count(*)::int AS n FROM information_schema.columns WHERE column_name = 'property_id' AND table_name IN ('ical_feeds', 'beds24_config', 'external_bookings', 'booking_conflicts')`)).toEqual([{ n: 0 }]);
    expect((await counts()).external_bookings).toBe(before.external_bookings + 1);
  });
});
