import { CasesService } from '../src/cases/cases.service';
import { TestApp } from './helpers/test-app';

/** Staff's case list past 200 cases: paged in SQL with a true count in Content-Range, nothing cut off. */
describe('staff case list paging', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('pages more than 200 open cases and counts each list truly', async () => {
    const { user: owner } = await t.loginAs('user');
    const { agent: admin } = await t.loginAs('admin');
    const { agent: mini } = await t.loginAs('miniAdmin');
    const cases = t.app.get(CasesService);
    const OPEN = 215;
    for (let i = 1; i <= OPEN + 3; i++) await cases.create(owner, { title: `Sak ${i}`, category: 'other', priority: 'medium', message: 'Hei' });
    const closedIds = (await admin.get('/api/admin/cases').query({ filter: '{"isClosed":false}', sort: '["id","ASC"]', range: '[0,2]' }).expect(200)).body.map((c: { id: number }) => c.id);
    for (const id of closedIds) await admin.post(`/api/cases/${id}/close`).expect(200);

    const query = (closed: boolean, range: [number, number]) => ({ filter: JSON.stringify({ isClosed: closed }), sort: '["updatedAt","DESC"]', range: JSON.stringify(range) });
    const seen = new Set<number>();
    for (let first = 0; first < OPEN; first += 50) {
      const page = await mini.get('/api/admin/cases').query(query(false, [first, first + 49])).expect(200);
      expect(page.headers['content-range']).toBe(`cases ${first}-${Math.min(first + 49, OPEN - 1)}/${OPEN}`);
      for (const c of page.body as { id: number; isClosed: boolean }[]) {
        expect(c.isClosed).toBe(false);
        seen.add(c.id);
      }
    }
    // Every open case once, none lost between pages.
    expect(seen.size).toBe(OPEN);
    const archive = await admin.get('/api/admin/cases').query(query(true, [0, 49])).expect(200);
    expect(archive.headers['content-range']).toBe('cases 0-2/3');
    expect(archive.body.map((c: { id: number }) => c.id).sort()).toEqual([...closedIds].sort());
  });
});
