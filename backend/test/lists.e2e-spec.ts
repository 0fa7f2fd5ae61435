import { FeedsService } from '../src/feeds/feeds.service';
import { User } from '../src/users/user.entity';
import { TestApp } from './helpers/test-app';

/** Back-office lists answer react-admin's simple-rest query from SQL (common/list-query.ts findPage). */
describe('back-office lists', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  const q = (params: { sort?: [string, string]; range?: [number, number]; filter?: object }) =>
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]));

  describe('users', () => {
    it('filters by role and block state, sorts, pages and counts', async () => {
      const { agent, user: admin } = await t.loginAs('admin');
      const made: User[] = [];
      for (const name of ['Liste Ca', 'Liste Aa', 'Liste Ba']) made.push(await t.createUser('user', { name }));
      await t.users.block(made[0].id, 'Test', admin);
      const named = await agent.get('/api/admin/users').query(q({ filter: { q: 'Liste' }, sort: ['name', 'DESC'], range: [0, 1] })).expect(200);
      expect(named.headers['content-range']).toBe('users 0-1/3');
      expect(named.body.map((u: User) => u.name)).toEqual(['Liste Ca', 'Liste Ba']);
      const rest = await agent.get('/api/admin/users').query(q({ filter: { q: 'Liste' }, sort: ['name', 'DESC'], range: [2, 3] })).expect(200);
      expect(rest.headers['content-range']).toBe('users 2-2/3');
      expect(rest.body.map((u: User) => u.name)).toEqual(['Liste Aa']);
      const blocked = await agent.get('/api/admin/users').query(q({ filter: { q: 'Liste', isBlocked: true }, range: [0, 9] })).expect(200);
      expect(blocked.body.map((u: User) => u.name)).toEqual(['Liste Ca']);
      const admins = await agent.get('/api/admin/users').query(q({ filter: { isAdmin: 'true' }, range: [0, 9] })).expect(200);
      expect(admins.body.every((u: User) => u.isAdmin)).toBe(true);
    });

    it('refuses an unknown sort field or filter, and a broken range', async () => {
      const { agent } = await t.loginAs('admin');
      expect((await agent.get('/api/admin/users').query(q({ sort: ['passwordHash', 'ASC'] })).expect(400)).body.code).toBe('invalid_sort_field');
      expect((await agent.get('/api/admin/users').query(q({ filter: { passwordHash: 'x' } })).expect(400)).body.code).toBe('invalid_filter');
      expect((await agent.get('/api/admin/users').query({ range: '[5,2]' }).expect(400)).body.code).toBe('invalid_list_parameter');
      await agent.get('/api/admin/users').query({ sort: 'name' }).expect(400);
    });
  });

  it('answers empty lists and health on a fresh install with no feeds (no IN () with nothing in it)', async () => {
    const fresh = await TestApp.start();
    try {
      const { agent } = await fresh.loginAs('admin');
      const all = await agent.get('/api/admin/all-ical-feeds').query(q({ sort: ['name', 'ASC'], range: [0, 24] })).expect(200);
      expect(all.body).toEqual([]);
      expect(all.headers['content-range']).toMatch(/ 0-0\/0$/);
      expect((await agent.get('/api/admin/all-ical-feeds').expect(200)).body).toEqual([]);
      expect((await agent.get('/api/admin/ical-feeds').query({ userId: 1 }).expect(200)).body).toEqual([]);
      expect((await agent.get('/api/admin/feed-health').expect(200)).body).toMatchObject({ total: 0, enabled: 0, failing: 0, stale: 0, feeds: [] });
      expect((await agent.get('/api/admin/ical-feeds').query(q({ filter: { id: [] }, range: [0, 9] })).expect(200)).body).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  describe('all feeds (all-ical-feeds) and the feeds of one user (ical-feeds)', () => {
    let owners: User[];
    beforeAll(async () => {
      owners = [await t.createUser('user', { name: 'Eier Berit' }), await t.createUser('user', { name: 'Eier Arne' })];
      const feeds = t.app.get(FeedsService);
      // Loopback addresses: the SSRF rule refuses them, so nothing is ever fetched.
      await feeds.create(owners[0], { name: 'Airbnb hytta', url: 'http://127.0.0.1:9/a.ics' });
      await feeds.create(owners[0], { name: 'Booking hytta', url: 'http://127.0.0.1:9/b.ics', enabled: false });
      await feeds.create(owners[1], { name: 'Airbnb leilighet', url: 'http://127.0.0.1:9/c.ics' });
    });

    it('pages, sorts by owner and searches owner fields in SQL', async () => {
      const { agent } = await t.loginAs('admin');
      const unpaged = await agent.get('/api/admin/all-ical-feeds').expect(200);
      expect(unpaged.headers['content-range']).toBeUndefined();
      expect(unpaged.body).toHaveLength(3);

      const byOwner = await agent.get('/api/admin/all-ical-feeds').query(q({ sort: ['userName', 'ASC'], range: [0, 1] })).expect(200);
      expect(byOwner.headers['content-range']).toBe('ical-feeds 0-1/3');
      expect(byOwner.body.map((f: { userName: string }) => f.userName)).toEqual(['Eier Arne', 'Eier Berit']);
      expect(byOwner.body[0]).toMatchObject({ name: 'Airbnb leilighet', userEmail: owners[1].email, owner: { id: owners[1].id } });

      const search = await agent.get('/api/admin/all-ical-feeds').query(q({ filter: { q: 'berit' }, sort: ['name', 'DESC'], range: [0, 9] })).expect(200);
      expect(search.body.map((f: { name: string }) => f.name)).toEqual(['Booking hytta', 'Airbnb hytta']);
      expect(search.headers['content-range']).toBe('ical-feeds 0-1/2');
    });

    it('filters on enabled and stale', async () => {
      const { agent } = await t.loginAs('admin');
      const disabled = await agent.get('/api/admin/all-ical-feeds').query(q({ filter: { enabled: false }, range: [0, 9] })).expect(200);
      expect(disabled.body.map((f: { name: string }) => f.name)).toEqual(['Booking hytta']);
      // Feeds made a moment ago are not stale yet (FEED_STALE_HOURS after creation with no success).
      const stale = await agent.get('/api/admin/all-ical-feeds').query(q({ filter: { stale: true }, range: [0, 9] })).expect(200);
      expect(stale.body).toEqual([]);
      expect(stale.headers['content-range']).toBe('ical-feeds 0-0/0');
      const fresh = await agent.get('/api/admin/all-ical-feeds').query(q({ filter: { stale: false }, range: [0, 9] })).expect(200);
      expect(fresh.body).toHaveLength(3);
      expect(fresh.body.every((f: { stale: boolean }) => f.stale === false)).toBe(true);
    });

    it('lists one user’s feeds with the same helper, and refuses an unknown sort field', async () => {
      const { agent } = await t.loginAs('miniAdmin');
      const own = await agent.get('/api/admin/ical-feeds').query({ userId: owners[0].id, ...q({ sort: ['name', 'ASC'], range: [0, 0] }) }).expect(200);
      expect(own.headers['content-range']).toBe('ical-feeds 0-0/2');
      expect(own.body.map((f: { name: string; url: string }) => [f.name, f.url])).toEqual([['Airbnb hytta', 'http://127.0.0.1:9/…']]);
      await agent.get('/api/admin/ical-feeds').query({ userId: 'x' }).expect(400);
      const bad = await agent.get('/api/admin/all-ical-feeds').query(q({ sort: ['etag', 'ASC'] })).expect(400);
      expect(bad.body).toMatchObject({ code: 'invalid_sort_field', params: { field: 'etag' } });
    });
  });
});
