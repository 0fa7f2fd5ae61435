import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations';
import { PropertyAgreementsCases1766410000000 } from '../src/database/migrations/1766410000000-property-agreements-cases';
import { migrationDatabase } from './helpers/migration-database';

describe('migration of agreements and cases to the property', () => {
  jest.setTimeout(60_000);
  const db = migrationDatabase();
  let ds: DataSource;

  it("moves every agreement to its owner's first property (making one for an owner with none) and names it on their cases; nothing is lost", async () => {
    const index = migrations.indexOf(PropertyAgreementsCases1766410000000);
    ds = await db.upTo(index);
    const user = async (name: string, flags = '') =>
      (await ds.query(`INSERT INTO users (username, name, email, password${flags ? ', ' + flags : ''}) VALUES ($1, $2, $1, 'x'${flags ? ', true' : ''}) RETURNING id`, [`${name.toLowerCase().replace(/\W/g, '')}@example.com`, name]))[0].id as number;
    const kari = await user('Kari Nordmann');
    const ola = await user('Ola Nordmann');
    // Per holds a meeting and no property: the migration makes him one.
    const per = await user('Per Uten Eiendom');
    // Siri only opened a case: her case stays without a property, and none is made for her.
    const siri = await user('Siri Sak');
    const admin = await user('Admin', 'is_admin');
    const [{ id: kariOwn }] = await ds.query(`INSERT INTO properties (name, first_of_user) VALUES ('Kari', $1) RETURNING id`, [kari]);
    const [{ id: olaOwn }] = await ds.query(`INSERT INTO properties (name, first_of_user) VALUES ('Ola', $1) RETURNING id`, [ola]);
    await ds.query(`INSERT INTO property_members (property_id, user_id, role, share, joined_at) VALUES ($1, $2, 'owner', 100, '2026-01-01'), ($3, $4, 'owner', 100, '2026-01-01')`, [kariOwn, kari, olaOwn, ola]);
    // Ola joined Kari's cabin later: his own stays his first.
    await ds.query(`INSERT INTO property_members (property_id, user_id, role, joined_at) VALUES ($1, $2, 'co-owner', '2026-06-01')`, [kariOwn, ola]);
    const meeting = (userId: number, title: string) =>
      ds.query(`INSERT INTO admin_agreements (admin_id, user_id, title, meeting_date) VALUES ($1, $2, $3, '2027-01-10T10:00:00Z')`, [admin, userId, title]);
    await meeting(kari, 'Kari 1');
    await meeting(kari, 'Kari 2');
    await meeting(ola, 'Ola');
    await meeting(per, 'Per');
    let n = 0;
    const kase = (userId: number) => ds.query(`INSERT INTO cases (user_id, case_number, title, category) VALUES ($1, $2, 'Sak', 'general')`, [userId, `K-2026-${String(++n).padStart(5, '0')}`]);
    await kase(kari);
    await kase(ola);
    await kase(siri);
    const counts = async () =>
      (await ds.query(`SELECT (SELECT count(*)::int FROM admin_agreements) AS agreements, (SELECT count(*)::int FROM cases) AS cases, (SELECT count(*)::int FROM users) AS users`))[0];
    const before = await counts();

    ds = await db.upTo(index + 1);
    expect(await counts()).toEqual(before);
    const [perOwn] = await ds.query(`SELECT p.id, p.name, m.role FROM properties p JOIN property_members m ON m.property_id = p.id AND m.user_id = p.first_of_user WHERE p.first_of_user = $1`, [per]);
    expect(perOwn).toEqual({ id: expect.any(Number), name: 'Per Uten Eiendom', role: 'owner' });
    expect(await ds.query('SELECT count(*)::int AS n FROM properties WHERE first_of_user = $1', [siri])).toEqual([{ n: 0 }]);
    const first = new Map([[kari, kariOwn], [ola, olaOwn], [per, perOwn.id]]);
    const agreements: { user_id: number; property_id: number }[] = await ds.query('SELECT user_id, property_id FROM admin_agreements');
    expect(agreements).toHaveLength(4);
    for (const row of agreements) expect([row.user_id, row.property_id]).toEqual([row.user_id, first.get(row.user_id)]);
    const cases: { user_id: number; property_id: number | null }[] = await ds.query('SELECT user_id, property_id FROM cases ORDER BY id');
    expect(cases).toEqual([
      { user_id: kari, property_id: kariOwn },
      { user_id: ola, property_id: olaOwn },
      { user_id: siri, property_id: null },
    ]);
    // A row written without a property lands in its owner's first; a case of someone with none stays without.
    await meeting(ola, 'Ola 2');
    expect(await ds.query(`SELECT property_id FROM admin_agreements WHERE title = 'Ola 2'`)).toEqual([{ property_id: olaOwn }]);
    await kase(siri);
    await kase(kari);
    expect((await ds.query('SELECT property_id FROM cases ORDER BY id DESC LIMIT 2')).map((r: { property_id: number | null }) => r.property_id)).toEqual([kariOwn, null]);

    await ds.undoLastMigration();
    expect(await ds.query(`SELECT count(*)::int AS n FROM information_schema.columns WHERE column_name = 'property_id' AND table_name IN ('admin_agreements', 'cases')`)).toEqual([{ n: 0 }]);
    expect(await counts()).toEqual({ ...before, agreements: before.agreements + 1, cases: before.cases + 2 });
  });
});
