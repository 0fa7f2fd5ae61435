import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations';
import { Properties1766000000000 } from '../src/database/migrations/1766000000000-properties';
import { migrationDatabase } from './helpers/migration-database';

describe('migration to properties with members', () => {
  jest.setTimeout(60_000);
  const db = migrationDatabase();
  let ds: DataSource;

  it('gives every owner, and every staff member holding owner data, one property of their own as its owner; nothing else changes', async () => {
    const index = migrations.indexOf(Properties1766000000000);
    ds = await db.upTo(index);
    const user = async (name: string, flags = '') =>
      (await ds.query(`INSERT INTO users (username, name, email, password${flags ? ', ' + flags : ''}) VALUES ($1, $2, $1, 'x'${flags ? ', true' : ''}) RETURNING id`, [`${name.toLowerCase().replace(/\W/g, '')}@example.com`, name]))[0].id as number;
    const kari = await user('Kari Nordmann');
    const ola = await user('Ola Uten Data');
    const admin = await user('Admin', 'is_admin');
    const mini = await user('Mini Med Kalender', 'is_mini_admin');
    await ds.query(`INSERT INTO events (user_id, title, start_time, end_time, ends_at) VALUES ($1, 'Eiersperre', '2026-06-01T10:00:00Z', '2026-06-01T12:00:00Z', '2026-06-01T12:00:00Z'), ($2, 'Egen', '2026-06-02T10:00:00Z', '2026-06-02T12:00:00Z', '2026-06-02T12:00:00Z')`, [kari, mini]);
    const counts = async () => (await ds.query(`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM events) AS events`))[0];
    const before = await counts();

    ds = await db.upTo(index + 1);
    const members = await ds.query(`SELECT p.name, m.user_id, m.role, m.share::text AS share, m.can_see_money FROM properties p JOIN property_members m ON m.property_id = p.id ORDER BY m.user_id`);
    expect(members).toEqual([
      { name: 'Kari Nordmann', user_id: kari, role: 'owner', share: '100.00', can_see_money: true },
      { name: 'Ola Uten Data', user_id: ola, role: 'owner', share: '100.00', can_see_money: true },
      { name: 'Mini Med Kalender', user_id: mini, role: 'owner', share: '100.00', can_see_money: true },
    ]);
    expect(members.some((m: { user_id: number }) => m.user_id === admin)).toBe(false);
    expect(await counts()).toEqual(before);

    await ds.undoLastMigration();
    expect(await ds.query(`SELECT to_regclass('properties') AS t`)).toEqual([{ t: null }]);
    expect(await counts()).toEqual(before);
  });
});
