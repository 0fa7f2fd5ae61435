import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations';
import { PropertyCalendar1766100000000 } from '../src/database/migrations/1766100000000-property-calendar';
import { migrationDatabase } from './helpers/migration-database';

describe('migration of the calendar to the property', () => {
  jest.setTimeout(60_000);
  const db = migrationDatabase();
  let ds: DataSource;

  it("moves every event, marked day and note to its user's first property, making one for a user with none; nothing is lost", async () => {
    const index = migrations.indexOf(PropertyCalendar1766100000000);
    ds = await db.upTo(index);
    const user = async (name: string, flags = '') =>
      (await ds.query(`INSERT INTO users (username, name, email, password${flags ? ', ' + flags : ''}) VALUES ($1, $2, $1, 'x'${flags ? ', true' : ''}) RETURNING id`, [`${name.toLowerCase().replace(/\W/g, '')}@example.com`, name]))[0].id as number;
    const kari = await user('Kari Nordmann');
    const ola = await user('Ola Nordmann');
    // Staff with only a marked day and a note: the properties migration gave them none.
    const mini = await user('Mini Med Merknad', 'is_mini_admin');
    const [{ id: kariOwn }] = await ds.query(`INSERT INTO properties (name, first_of_user) VALUES ('Kari', $1) RETURNING id`, [kari]);
    const [{ id: olaOwn }] = await ds.query(`INSERT INTO properties (name, first_of_user) VALUES ('Ola', $1) RETURNING id`, [ola]);
    await ds.query(`INSERT INTO property_members (property_id, user_id, role, share, joined_at) VALUES ($1, $2, 'owner', 100, '2026-01-01'), ($3, $4, 'owner', 100, '2026-01-01')`, [kariOwn, kari, olaOwn, ola]);
    // Ola joined Kari's cabin later: his own stays his first.
    await ds.query(`INSERT INTO property_members (property_id, user_id, role, joined_at) VALUES ($1, $2, 'co-owner', '2026-06-01')`, [kariOwn, ola]);
    const event = (userId: number, title: string) =>
      ds.query(`INSERT INTO events (user_id, title, start_time, end_time, ends_at) VALUES ($1, $2, '2027-01-10T10:00:00Z', '2027-01-10T12:00:00Z', '2027-01-10T12:00:00Z')`, [userId, title]);
    await event(kari, 'Kari 1');
    await event(kari, 'Kari 2');
    await event(ola, 'Ola');
    await ds.query(`INSERT INTO marked_days (user_id, date, marker_type) VALUES ($1, '2027-01-11', 'busy'), ($2, '2027-01-11', 'busy'), ($3, '2027-01-12', 'other')`, [kari, ola, mini]);
    await ds.query(`INSERT INTO external_booking_notes (user_id, event_external_id, notes) VALUES ($1, 'ical-1-a', 'Kari'), ($2, 'ical-1-a', 'Mini')`, [kari, mini]);
    const counts = async () =>
      (await ds.query(`SELECT (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM marked_days) AS marked, (SELECT count(*)::int FROM external_booking_notes) AS notes, (SELECT count(*)::int FROM users) AS users`))[0];
    const before = await counts();

    ds = await db.upTo(index + 1);
    expect(await counts()).toEqual(before);
    const [miniOwn] = await ds.query(`SELECT p.id, p.name, m.role, m.share::text AS share FROM properties p JOIN property_members m ON m.property_id = p.id AND m.user_id = p.first_of_user WHERE p.first_of_user = $1`, [mini]);
    expect(miniOwn).toEqual({ id: expect.any(Number), name: 'Mini Med Merknad', role: 'owner', share: '100.00' });
    const first = new Map([[kari, kariOwn], [ola, olaOwn], [mini, miniOwn.id]]);
    for (const table of ['events', 'marked_days', 'external_booking_notes']) {
      const rows: { user_id: number; property_id: number }[] = await ds.query(`SELECT user_id, property_id FROM ${table}`);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect([table, row.user_id, row.property_id]).toEqual([table, row.user_id, first.get(row.user_id)]);
    }
    // Every property has a window version; the windows are per property now.
    expect((await ds.query('SELECT property_id FROM calendar_window_versions ORDER BY property_id')).map((r: { property_id: number }) => r.property_id)).toEqual([...first.values()].sort((a, b) => a - b));
    // A row written without a property lands in its user's first.
    await event(ola, 'Ola senere');
    expect((await ds.query(`SELECT property_id FROM events WHERE title = 'Ola senere'`))[0].property_id).toBe(olaOwn);

    await ds.undoLastMigration();
    expect(await ds.query(`SELECT count(*)::int AS n FROM information_schema.columns WHERE column_name = 'property_id' AND table_name IN ('events', 'marked_days', 'external_booking_notes')`)).toEqual([{ n: 0 }]);
    expect((await counts()).events).toBe(before.events + 1);
    expect((await ds.query('SELECT count(*)::int AS n FROM calendar_window_versions')).length).toBe(1);
  });
});
