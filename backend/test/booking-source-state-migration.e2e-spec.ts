import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations';
import { BookingSourceState1765730000000 } from '../src/database/migrations/1765730000000-booking-source-state';
import { migrationDatabase } from './helpers/migration-database';

describe("migration to the booking sources' shared sync state names", () => {
  jest.setTimeout(60_000);
  const db = migrationDatabase();
  let ds: DataSource;

  it("keeps Beds24's last sync and a feed's empty pulls under the shared names; undone, the old names are back", async () => {
    const index = migrations.indexOf(BookingSourceState1765730000000);
    ds = await db.upTo(index);
    const [user] = await ds.query(`INSERT INTO users (username, name, email, password) VALUES ('vert@example.com', 'Vert', 'vert@example.com', 'x') RETURNING id`);
    await ds.query(
      `INSERT INTO beds24_config (user_id, credential_sealed, credential_kind, credential_last4, prop_id, last_sync) VALUES ($1, 'sealed', 'refresh', 'abcd', 7, '2026-06-01T12:00:00Z')`,
      [user.id],
    );
    await ds.query(`INSERT INTO ical_feeds (user_id, name, url, empty_parses) VALUES ($1, 'Airbnb', 'https://example.com/a.ics', 1)`, [user.id]);

    ds = await db.upTo(index + 1);
    const [config] = await ds.query('SELECT last_synced FROM beds24_config');
    expect(new Date(config.last_synced).toISOString()).toBe('2026-06-01T12:00:00.000Z');
    expect(await ds.query('SELECT empty_pulls FROM ical_feeds')).toEqual([{ empty_pulls: 1 }]);

    await ds.undoLastMigration();
    const [back] = await ds.query('SELECT last_sync FROM beds24_config');
    expect(new Date(back.last_sync).toISOString()).toBe('2026-06-01T12:00:00.000Z');
    expect(await ds.query('SELECT empty_parses FROM ical_feeds')).toEqual([{ empty_parses: 1 }]);
  });
});
