import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { User } from '../src/users/user.entity';
import { TestApp } from './helpers/test-app';

describe('user management', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  describe('admin users API', () => {
    it('creates a user with the e-mail copied into email; the new user can log in', async () => {
      const { agent } = await t.loginAs('admin');
      const res = await agent
        .post('/api/admin/users')
        .send({ username: 'Ola@Example.com', name: 'Ola', password: 'hemmelig-passord', phoneNumber: '+47 900 00 000', accountNumber: '1234.56.78903' })
        .expect(201);
      expect(res.body).toMatchObject({ username: 'ola@example.com', email: 'ola@example.com', name: 'Ola', isAdmin: false, isMiniAdmin: false });
      expect(JSON.stringify(res.body)).not.toMatch(/password|hemmelig|argon/i);
      await t.anon().post('/api/login').send({ username: 'ola@example.com', password: 'hemmelig-passord' }).expect(200);
      const dup = await agent.post('/api/admin/users').send({ username: 'ola@example.com', name: 'Ola 2', password: 'hemmelig-passord' }).expect(409);
      expect(dup.body.message).toMatch(/finnes allerede/);
    });

    it('validates create with the documented texts', async () => {
      const { agent } = await t.loginAs('admin');
      const noName = await agent.post('/api/admin/users').send({ username: 'x@example.com', password: 'hemmelig-passord' }).expect(400);
      expect(noName.body.errors).toContainEqual({ field: 'name', message: 'Navn er påkrevd', code: 'required' });
      const short = await agent.post('/api/admin/users').send({ username: 'x@example.com', name: 'X', password: '123' }).expect(400);
      expect(short.body.message).toBe('Passord må være minst 12 tegn');
      const phone = await agent.post('/api/admin/users').send({ username: 'x@example.com', name: 'X', password: 'hemmelig-passord', phoneNumber: '1'.repeat(21) }).expect(400);
      expect(phone.body.errors[0].field).toBe('phoneNumber');
      const account = await agent.post('/api/admin/users').send({ username: 'x@example.com', name: 'X', password: 'hemmelig-passord', accountNumber: '1'.repeat(31) }).expect(400);
      expect(account.body.errors[0].field).toBe('accountNumber');
    });

    it('ticking admin clears mini admin, on create and on update', async () => {
      const { agent } = await t.loginAs('admin');
      const created = await agent.post('/api/admin/users').send({ username: 'both@example.com', name: 'Both', password: 'hemmelig-passord', isAdmin: true, isMiniAdmin: true }).expect(201);
      expect(created.body).toMatchObject({ isAdmin: true, isMiniAdmin: false });
      const mini = await t.createUser('miniAdmin');
      const updated = await agent.put(`/api/admin/users/${mini.id}`).send({ isAdmin: true }).expect(200);
      expect(updated.body).toMatchObject({ isAdmin: true, isMiniAdmin: false });
    });

    it('updates a user, stamps adminInfo and logs account-number changes (who, old, new)', async () => {
      const { agent, user: admin } = await t.loginAs('admin');
      const user = await t.createUser('user', { accountNumber: '1111.11.11111' });
      const res = await agent.put(`/api/admin/users/${user.id}`).send({ name: 'Nytt navn', accountNumber: '2222.22.22222', adminInfo: 'Vaktmester kommer tirsdag' }).expect(200);
      expect(res.body).toMatchObject({ name: 'Nytt navn', accountNumber: '2222.22.22222', adminInfo: 'Vaktmester kommer tirsdag' });
      expect(res.body.adminInfoUpdatedAt).not.toBeNull();
      const log = await agent.get(`/api/admin/users/${user.id}/account-number-log`).expect(200);
      // Masked but for the last four digits, for admins too (docs/security.md).
      expect(log.body[0]).toMatchObject({ changedById: admin.id, oldAccountNumber: '••••.••.•1111', newAccountNumber: '••••.••.•2222' });
      expect(log.body[1]).toMatchObject({ oldAccountNumber: null, newAccountNumber: '••••.••.•1111' });
    });

    it('the user’s own profile change of account number is logged too', async () => {
      const { agent, user } = await t.loginAs('user');
      await agent.put('/api/user/profile').send({ name: user.name, email: user.email, accountNumber: '3333.33.33333' }).expect(200);
      const log = await t.users.accountNumberLog(user.id);
      expect(log[0]).toMatchObject({ changedById: user.id, oldAccountNumber: null, newAccountNumber: '3333.33.33333' });
    });

    it('changes a password; the old one stops working', async () => {
      const { agent } = await t.loginAs('admin');
      const user = await t.createUser('user');
      const empty = await agent.post(`/api/admin/users/${user.id}/change-password`).send({ newPassword: '' }).expect(400);
      expect(empty.body.message).toBe('Passord er påkrevd');
      await agent.post(`/api/admin/users/${user.id}/change-password`).send({ newPassword: 'byttet-passord-123' }).expect(200);
      await t.anon().post('/api/login').send({ username: user.username, password: 'byttet-passord-123' }).expect(200);
    });

    it('blocks with a non-blank reason and unblocks', async () => {
      const { agent } = await t.loginAs('admin');
      const user = await t.createUser('user');
      const blank = await agent.post(`/api/admin/users/${user.id}/block`).send({ reason: '   ' }).expect(400);
      expect(blank.body.message).toBe('Begrunnelse er påkrevd');
      const blocked = await agent.post(`/api/admin/users/${user.id}/block`).send({ reason: 'Mislighold' }).expect(200);
      expect(blocked.body).toMatchObject({ isBlocked: true, blockReason: 'Mislighold' });
      expect(blocked.body.blockedAt).not.toBeNull();
      const unblocked = await agent.post(`/api/admin/users/${user.id}/unblock`).expect(200);
      expect(unblocked.body).toMatchObject({ isBlocked: false, blockReason: null, blockedAt: null });
    });

    it('an admin cannot block, unblock, delete or demote themselves', async () => {
      const { agent, user: me } = await t.loginAs('admin');
      expect((await agent.post(`/api/admin/users/${me.id}/block`).send({ reason: 'test' }).expect(403)).body.code).toBe('cannot_block_self');
      expect((await agent.post(`/api/admin/users/${me.id}/unblock`).expect(403)).body.code).toBe('cannot_unblock_self');
      expect((await agent.delete(`/api/admin/users/${me.id}`).expect(403)).body.code).toBe('cannot_delete_self');
      expect((await agent.put(`/api/admin/users/${me.id}`).send({ isAdmin: false }).expect(403)).body.code).toBe('own_admin_rights');
      expect((await agent.put(`/api/admin/users/${me.id}`).send({ isMiniAdmin: true }).expect(403)).body.code).toBe('own_admin_rights');
      expect(await t.users.findById(me.id)).toMatchObject({ isAdmin: true, isBlocked: false });
    });

    it('deletes a user and answers 404 afterwards', async () => {
      const { agent } = await t.loginAs('admin');
      const user = await t.createUser('user');
      const res = await agent.delete(`/api/admin/users/${user.id}`).expect(200);
      expect(res.body.id).toBe(user.id);
      await agent.get(`/api/admin/users/${user.id}`).expect(404);
      await agent.delete(`/api/admin/users/${user.id}`).expect(404);
    });

    it('answers react-admin simple-rest lists with Content-Range, sorting, paging and search', async () => {
      const { agent } = await t.loginAs('admin');
      for (const name of ['Åse Zeta', 'Bjørn Alfa', 'Cecilie Beta']) await t.createUser('user', { name });
      const all = await agent.get('/api/admin/users').expect(200);
      expect(all.headers['content-range']).toBeUndefined();
      const total = all.body.length;
      const page = await agent.get('/api/admin/users').query({ sort: JSON.stringify(['name', 'ASC']), range: JSON.stringify([0, 1]) }).expect(200);
      expect(page.headers['content-range']).toBe(`users 0-1/${total}`);
      expect(page.body).toHaveLength(2);
      const sorted = [...all.body.map((u: { name: string }) => u.name)].sort();
      // PostgreSQL collation decides the exact order; the first page must be sorted and consistent with it.
      expect(page.body[0].name <= page.body[1].name || page.body[0].name.localeCompare(page.body[1].name) <= 0).toBe(true);
      expect(sorted.length).toBe(total);
      const search = await agent.get('/api/admin/users').query({ filter: JSON.stringify({ q: 'bjørn' }), range: '[0,9]' }).expect(200);
      expect(search.body.map((u: { name: string }) => u.name)).toEqual(['Bjørn Alfa']);
      expect(search.headers['content-range']).toBe('users 0-0/1');
      await agent.get('/api/admin/users').query({ sort: JSON.stringify(['password', 'ASC']) }).expect(400);
      const byIds = await agent.get('/api/admin/users').query({ filter: JSON.stringify({ id: [all.body[0].id] }) }).expect(200);
      expect(byIds.body).toHaveLength(1);
    });

    it('POST /api/register is for admins and answers the name', async () => {
      const { agent } = await t.loginAs('admin');
      const res = await agent.post('/api/register').send({ username: 'reg@example.com', name: 'Registrert', password: 'hemmelig-passord' }).expect(201);
      expect(res.body.name).toBe('Registrert');
    });
  });

  describe('own account', () => {
    it('updates the profile but never the username', async () => {
      const { agent, user } = await t.loginAs('user');
      const res = await agent.put('/api/user/profile').send({ name: 'Endret', email: 'endret@example.com', phoneNumber: '12345678', username: 'hacker@example.com' }).expect(200);
      expect(res.body).toMatchObject({ name: 'Endret', email: 'endret@example.com', phoneNumber: '12345678', username: user.username });
      const missing = await agent.put('/api/user/profile').send({ name: '', email: 'x@example.com' }).expect(400);
      expect(missing.body.message).toBe('Navn er påkrevd');
    });

    it('a user cannot make themselves admin through the profile', async () => {
      const { agent } = await t.loginAs('user');
      const res = await agent.put('/api/user/profile').send({ name: 'X', email: 'x@example.com', isAdmin: true }).expect(200);
      expect(res.body.isAdmin).toBe(false);
    });

    it('an admin cannot delete their own account, even beside other admins', async () => {
      await t.createUser('admin');
      const { agent, user } = await t.loginAs('admin');
      const res = await agent.delete('/api/user/account').expect(403);
      expect(res.body).toMatchObject({ code: 'admin_cannot_delete_self', message: expect.stringMatching(/^En administrator kan ikke slette sin egen konto/) });
      await agent.get('/api/user').expect(200);
      expect(await t.users.findById(user.id)).toMatchObject({ isAdmin: true });
    });

    it('deletes the own account and logs out', async () => {
      const { agent, user } = await t.loginAs('user');
      await agent.delete('/api/user/account').expect(200);
      await agent.get('/api/user').expect(401);
      expect(await t.users.findById(user.id)).toBeNull();
    });
  });

  describe('first admin', () => {
    it('is not created while an active admin exists', async () => {
      const before = (await t.users.list({ filter: {}, paged: false })).total;
      await t.users.ensureFirstAdmin('ny-admin@example.com', 'hemmelig-passord');
      expect((await t.users.list({ filter: {}, paged: false })).total).toBe(before);
    });
  });
});

describe('always an active admin', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());
  const db = () => t.app.get(DataSource);
  const activeAdmins = async (): Promise<number[]> =>
    (await db().query('SELECT id FROM users WHERE is_admin AND NOT is_blocked ORDER BY id')).map((r: { id: number }) => r.id);
  /** Leaves `keep` as the only admins: every other account loses the rights. */
  const onlyAdmins = (...keep: User[]) => db().query('UPDATE users SET is_admin = false WHERE NOT (id = ANY($1::int[]))', [keep.map((u) => u.id)]);

  it('a blocked admin does not count: the last active one cannot be deleted, blocked or demoted', async () => {
    const active = await t.createUser('admin');
    const blocked = await t.createUser('admin');
    await onlyAdmins(active, blocked);
    await db().query(`UPDATE users SET is_blocked = true, block_reason = 'Sluttet' WHERE id = $1`, [blocked.id]);
    // `blocked` as the actor stands for a request that passed the guard just before its admin was blocked.
    await expect(t.users.remove(active.id, blocked)).rejects.toMatchObject({ status: 409, response: { code: 'last_admin', message: 'Den siste aktive administratoren kan ikke slettes' } });
    await expect(t.users.block(active.id, 'x', blocked)).rejects.toMatchObject({ status: 409, response: { code: 'last_admin_block' } });
    await expect(t.users.update(active.id, { isAdmin: false }, blocked)).rejects.toMatchObject({ status: 409, response: { code: 'last_admin_demote' } });
    expect(await t.users.findById(active.id)).toMatchObject({ isAdmin: true, isBlocked: false });
    // Changes that keep the active admin pass: its name, and the blocked admin's removal.
    await t.users.update(active.id, { name: 'Fortsatt admin' }, blocked);
    await t.users.remove(blocked.id, active);
    expect(await activeAdmins()).toEqual([active.id]);
  });

  it('another admin can be blocked, demoted and deleted while an active admin remains', async () => {
    const { agent, user: me } = await t.loginAs('admin');
    const [a, b, c] = [await t.createUser('admin'), await t.createUser('admin'), await t.createUser('admin')];
    await onlyAdmins(me, a, b, c);
    await agent.post(`/api/admin/users/${a.id}/block`).send({ reason: 'Permisjon' }).expect(200);
    await agent.put(`/api/admin/users/${b.id}`).send({ isAdmin: false }).expect(200);
    await agent.delete(`/api/admin/users/${c.id}`).expect(200);
    expect(await activeAdmins()).toEqual([me.id]);
  });

  // Each pair of changes takes the other admin out; one of the two must be refused, whatever the timing.
  const RACES: [string, (agent: Awaited<ReturnType<TestApp['loginAs']>>['agent'], target: User) => Promise<{ status: number; body: { code?: string } }>][] = [
    ['delete each other', (agent, target) => agent.delete(`/api/admin/users/${target.id}`)],
    ['block each other', (agent, target) => agent.post(`/api/admin/users/${target.id}/block`).send({ reason: 'Samtidig' })],
    ['demote each other', (agent, target) => agent.put(`/api/admin/users/${target.id}`).send({ isAdmin: false })],
  ];
  for (const [what, act] of RACES) {
    it(`two admins who ${what} at the same instant leave one active admin (10 rounds)`, async () => {
      for (let round = 0; round < 10; round++) {
        const [a, b] = await Promise.all([t.loginAs('admin'), t.loginAs('admin')]);
        await onlyAdmins(a.user, b.user);
        const answers = await Promise.all([act(a.agent, b.user), act(b.agent, a.user)]);
        const statuses = answers.map((r) => r.status).sort();
        // The loser is refused by the count (409), or at the door (401, 403) when the winner's change came first.
        expect(statuses[0]).toBe(200);
        expect([401, 403, 409]).toContain(statuses[1]);
        expect(answers.filter((r) => r.status === 409).every((r) => /^last_admin/.test(r.body.code ?? ''))).toBe(true);
        expect(await activeAdmins()).toHaveLength(1);
      }
    });
  }
});

describe('first start', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it('creates the admin with a generated password, handed back once for the start banner and never logged, that logs in', async () => {
    const logged = [jest.spyOn(Logger.prototype, 'warn'), jest.spyOn(Logger.prototype, 'log'), jest.spyOn(Logger.prototype, 'debug')].map((spy) => spy.mockImplementation(() => undefined));
    const first = await t.users.ensureFirstAdmin(undefined, undefined);
    expect(first).toMatchObject({ outcome: 'created', username: 'admin@example.com' });
    const password = first!.generatedPassword!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    const lines = logged.flatMap((spy) => spy.mock.calls.map(([m]) => String(m)));
    expect(lines).toContain('First admin created: admin@example.com');
    expect(lines.filter((m) => m.includes(password))).toEqual([]);
    const login = await t.anon().post('/api/login').send({ username: 'admin@example.com', password }).expect(200);
    expect(login.body).toMatchObject({ isAdmin: true });

    // A second start finds a user and neither creates nor hands back anything.
    expect(await t.users.ensureFirstAdmin(undefined, undefined)).toBeNull();
  });
});

describe('a start without an active admin', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());
  const db = () => t.app.get(DataSource);

  it('makes the ADMIN_EMAIL account an admin again, unblocked, when every admin is blocked or gone', async () => {
    const boss = await t.createUser('admin', { username: 'sjef@example.com' });
    await t.createUser('user');
    await db().query(`UPDATE users SET is_blocked = true, block_reason = 'Feil' WHERE is_admin`);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      expect(await t.users.ensureFirstAdmin('Sjef@Example.com', undefined)).toEqual({ outcome: 'restored', username: 'sjef@example.com' });
      expect(warn.mock.calls.map(([m]) => String(m))).toContain('No active admin was left: sjef@example.com is an admin again (unblocked, password unchanged).');
    } finally {
      warn.mockRestore();
    }
    expect(await t.users.findById(boss.id)).toMatchObject({ isAdmin: true, isBlocked: false, blockReason: null });
    // With an active admin, a start changes nothing.
    expect(await t.users.ensureFirstAdmin('annen@example.com', 'hemmelig-passord')).toBeNull();
  });

  it('creates the ADMIN_EMAIL account as admin when it does not exist and no admin is active', async () => {
    await db().query('UPDATE users SET is_admin = false');
    await t.createUser('user');
    expect(await t.users.ensureFirstAdmin('ny-sjef@example.com', 'nytt-passord')).toEqual({ outcome: 'created', username: 'ny-sjef@example.com' });
    const login = await t.anon().post('/api/login').send({ username: 'ny-sjef@example.com', password: 'nytt-passord' }).expect(200);
    expect(login.body).toMatchObject({ isAdmin: true });
  });
});

describe('first start with ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('creates that admin and prints no password', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await t.users.ensureFirstAdmin('Sjef@Example.com', 'sjefens-passord');
    expect(warn.mock.calls.map(([m]) => String(m)).join('\n')).not.toContain('sjefens-passord');
    await t.anon().post('/api/login').send({ username: 'sjef@example.com', password: 'sjefens-passord' }).expect(200);
    warn.mockRestore();
  });
});

describe('first start of two instances at once', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());
  const admins = async () => (await t.users.list({ filter: { isAdmin: 'true' }, paged: false })).total;

  it('creates the first admin exactly once when two calls race', async () => {
    const created = await Promise.all([t.users.ensureFirstAdmin('en@example.com', 'passord-en'), t.users.ensureFirstAdmin('to@example.com', 'passord-to')]);
    expect(created.filter(Boolean)).toHaveLength(1);
    expect((await t.users.list({ filter: {}, paged: false })).total).toBe(1);
    expect(await admins()).toBe(1);
  });

  (process.env.DATABASE_URL ? it : it.skip)('creates it exactly once when two app instances on one PostgreSQL database boot together', async () => {
    await t.app.get(DataSource).query('DELETE FROM users');
    const [a, b] = await Promise.all([t.anotherInstance(), t.anotherInstance()]);
    try {
      const created = await Promise.all([a.users.ensureFirstAdmin('en@example.com', 'passord-en'), b.users.ensureFirstAdmin('to@example.com', 'passord-to')]);
      expect(created.filter(Boolean)).toHaveLength(1);
      expect(await admins()).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
