import { DataSource } from 'typeorm';
import { TestApp } from './helpers/test-app';

/**
 * Staff's user search (?q= on GET /api/admin/users, the pickers' source) among 10,000 owners, the size the design
 * plans for: word prefixes of name, username, e-mail and phone, paged with Content-Range, from the search index.
 */
describe('user search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
    const db = t.app.get(DataSource);
    await db.query(`INSERT INTO users (username, email, name, password, phone_number)
      SELECT 'eier' || n || '@example.com', 'eier' || n || '@example.com', 'Eier Nummer ' || n, 'x', '+47 4' || lpad(n::text, 7, '0')
      FROM generate_series(1, 10000) AS n`);
    await db.query(`INSERT INTO users (username, email, name, password, phone_number) VALUES
      ('ole.hansen@example.no', 'ole.hansen@example.no', 'Ole Hansen', 'x', '+47 912 34 567'),
      ('kari@fjordhytter.no', 'kari@fjordhytter.no', 'Kari Nordmann-Hansen', 'x', NULL),
      ('bjorn@example.no', 'bjorn@example.no', 'Bjørn Ås', 'x', '98765432')`);
    // The planner must learn that the table grew. On PGlite nothing but the app's planner-statistics job tells it
    // (no autovacuum); on PostgreSQL autovacuum would, in its own time, so the test does its part at once.
    const { agent } = await t.loginAs('admin');
    // The job's own run at start must be over first: a run already going answers 404 (unknown or running).
    await t.jobsDone();
    const run = (await agent.post('/api/admin/jobs/planner-statistics/run').expect(200)).body;
    expect(run).toMatchObject({ lastError: null, lastResult: { analyzed: !process.env.DATABASE_URL } });
    if (process.env.DATABASE_URL) await db.query('ANALYZE users');
  });
  afterAll(() => t.close());

  const names = (body: { name: string }[]) => body.map((u) => u.name).sort();

  it('finds by the beginning of any word of the name, the e-mail or the phone number', async () => {
    const { agent } = await t.loginAs('miniAdmin');
    const search = async (q: string) => names((await agent.get('/api/admin/users').query({ q, range: '[0,19]' }).expect(200)).body);
    expect(await search('hansen')).toEqual(['Kari Nordmann-Hansen', 'Ole Hansen']);
    expect(await search('ole han')).toEqual(['Ole Hansen']);
    expect(await search('OLE.HANSEN@')).toEqual(['Ole Hansen']);
    expect(await search('kari@fjord')).toEqual(['Kari Nordmann-Hansen']);
    expect(await search('912 34')).toEqual(['Ole Hansen']);
    expect(await search('91234567')).toEqual(['Ole Hansen']);
    expect(await search('+4791234567')).toEqual(['Ole Hansen']);
    expect(await search('bjørn ås')).toEqual(['Bjørn Ås']);
    expect(await search('987 654')).toEqual([]);
    // Whatever is typed, the query is well formed: no 500.
    for (const q of ["o'brien", '&|!():*', '\\', 'a & b']) await agent.get('/api/admin/users').query({ q }).expect(200);
  });

  it('pages the matches with their true count', async () => {
    const { agent } = await t.loginAs('admin');
    const first = await agent.get('/api/admin/users').query({ q: 'eier nummer', sort: '["id","ASC"]', range: '[0,24]' }).expect(200);
    expect(first.headers['content-range']).toBe('users 0-24/10000');
    expect(first.body).toHaveLength(25);
    const later = await agent.get('/api/admin/users').query({ q: 'eier nummer', sort: '["id","ASC"]', range: '[9990,10009]' }).expect(200);
    expect(later.headers['content-range']).toBe('users 9990-9999/10000');
    expect((await agent.get('/api/admin/users').query({ q: 'nummer 1234', range: '[0,9]' }).expect(200)).headers['content-range']).toBe('users 0-0/1');
    // The same search through react-admin's filter.
    expect((await agent.get('/api/admin/users').query({ filter: JSON.stringify({ q: 'hansen' }), range: '[0,9]' }).expect(200)).headers['content-range']).toBe('users 0-1/2');
  });

  it('is answered from the search index, not by reading every user', async () => {
    const plan = (await t.app.get(DataSource).query(
      `EXPLAIN SELECT id FROM users u WHERE to_tsvector('simple'::regconfig, coalesce(u.name, '') || ' ' || coalesce(u.username, '') || ' ' || coalesce(u.email, '') || ' ' || regexp_replace(coalesce(u.email, ''), '[^[:alnum:]]+', ' ', 'g') || ' ' || coalesce(u.phone_number, '') || ' ' || regexp_replace(coalesce(u.phone_number, ''), '[^0-9]', '', 'g') || ' ' || right(regexp_replace(coalesce(u.phone_number, ''), '[^0-9]', '', 'g'), 8)) @@ to_tsquery('simple', $1)`,
      ["'hansen':*"],
    )).map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('users_search_idx');
  });

  it('refuses a search longer than 100 characters with a 400', async () => {
    const { agent } = await t.loginAs('admin');
    expect((await agent.get('/api/admin/users').query({ q: 'x'.repeat(101) }).expect(400)).body.code).toBeDefined();
  });
});
