import { PasswordResetService } from '../src/auth/password-reset.service';
import { PASSWORD, TestApp } from './helpers/test-app';

/** The activity rows of account changes (docs/security.md#the-audit-log): who did it, to whom, from which browser. */
interface Entry {
  action: string;
  actorId: number | null;
  actorName: string | null;
  details: Record<string, unknown>;
  browser: string | null;
  os: string | null;
}

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('the activity of account changes', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  /** The user's timeline as an admin reads it, without the sign-ins the test itself made. */
  async function timeline(userId: number): Promise<Entry[]> {
    const { agent } = await t.loginAs('admin');
    const res = await agent.get(`/api/admin/users/${userId}/activity`).expect(200);
    return (res.body as Entry[]).filter((e) => e.action !== 'login');
  }

  it('an owner changing their password, e-mail and account number: rows with them as actor and their browser, numbers masked', async () => {
    const { agent, user } = await t.loginAs('user');
    await agent.put('/api/user/password').set('User-Agent', FIREFOX).send({ currentPassword: PASSWORD, newPassword: 'nytt-passord-1' }).expect(200);
    await agent.put('/api/user/profile').set('User-Agent', FIREFOX).send({ name: user.name, email: 'ny@example.com', accountNumber: '1234.56.78901' }).expect(200);
    const own = (await agent.get('/api/user/activity').expect(200)).body as Entry[];
    expect(own.slice(0, 3)).toEqual([
      expect.objectContaining({ action: 'email.changed', actorId: user.id, actorName: user.name, details: {}, browser: 'Firefox 128', os: 'Windows 10' }),
      expect.objectContaining({ action: 'account_number.changed', actorId: user.id, details: { from: null, to: '••••.••.•8901' } }),
      expect.objectContaining({ action: 'password.changed', actorId: user.id, details: { via: 'own' }, browser: 'Firefox 128' }),
    ]);
    expect(JSON.stringify(own)).not.toMatch(/nytt-passord|78901|ny@example/);
    // Saving the profile unchanged adds nothing.
    await agent.put('/api/user/profile').send({ name: user.name, email: 'ny@example.com', accountNumber: '1234.56.78901' }).expect(200);
    expect((await agent.get('/api/user/activity').expect(200)).body).toHaveLength(own.length);
  });

  it('an admin changing a password, e-mail, sign-in name, account number and role, and blocking and unblocking: rows with the admin as actor', async () => {
    const owner = await t.createUser('user', { accountNumber: '1111.11.11111' });
    const { agent, user: admin } = await t.loginAs('admin');
    const ua = (r: ReturnType<typeof agent.post>) => r.set('User-Agent', FIREFOX);
    await ua(agent.post(`/api/admin/users/${owner.id}/change-password`)).send({ newPassword: 'admin-satt-1' }).expect(200);
    await ua(agent.put(`/api/admin/users/${owner.id}`)).send({ email: 'annen@example.com', username: 'annen@example.com', accountNumber: '2222.22.22222' }).expect(200);
    await ua(agent.put(`/api/admin/users/${owner.id}`)).send({ isMiniAdmin: true }).expect(200);
    await ua(agent.put(`/api/admin/users/${owner.id}`)).send({ isAdmin: true }).expect(200);
    await ua(agent.put(`/api/admin/users/${owner.id}`)).send({ isAdmin: false }).expect(200);
    await ua(agent.post(`/api/admin/users/${owner.id}/block`)).send({ reason: 'Ubetalt leie' }).expect(200);
    await ua(agent.post(`/api/admin/users/${owner.id}/unblock`)).expect(200);
    // Unblocking someone who is not blocked changes nothing, and records nothing.
    await agent.post(`/api/admin/users/${owner.id}/unblock`).expect(200);
    const rows = await timeline(owner.id);
    expect(rows.map((e) => [e.action, e.details])).toEqual([
      ['account.unblocked', {}],
      ['account.blocked', { reason: 'Ubetalt leie' }],
      ['role.changed', { from: 'admin', to: 'owner' }],
      ['role.changed', { from: 'mini_admin', to: 'admin' }],
      ['role.changed', { from: 'owner', to: 'mini_admin' }],
      ['email.changed', {}],
      ['username.changed', {}],
      ['account_number.changed', { from: '••••.••.•1111', to: '••••.••.•2222' }],
      ['password.changed', { via: 'admin' }],
    ]);
    for (const row of rows) expect(row).toMatchObject({ actorId: admin.id, actorName: admin.name, browser: 'Firefox 128', os: 'Windows 10' });
  });

  it('a password set through a reset link: the link\'s user is the actor', async () => {
    const owner = await t.createUser('user');
    const { resetLink } = await t.app.get(PasswordResetService).createLink(owner.id);
    const token = new URL(resetLink).searchParams.get('token');
    await t.anon().post('/api/reset-password').set('User-Agent', FIREFOX).send({ token, newPassword: 'fra-lenken-1' }).expect(200);
    expect(await timeline(owner.id)).toEqual([expect.objectContaining({ action: 'password.changed', actorId: owner.id, details: { via: 'reset_link' }, browser: 'Firefox 128' })]);
  });

  it('an admin\'s changes to an owner\'s calendar are in the owner\'s activity, with the admin\'s browser', async () => {
    const owner = await t.createUser('user');
    const { agent, user: admin } = await t.loginAs('admin');
    const created = await agent.post(`/api/admin/user-events/${owner.id}`).set('User-Agent', FIREFOX).send({ title: 'Vedlikehold', startTime: '2026-07-01T10:00:00.000Z', endTime: '2026-07-01T12:00:00.000Z' }).expect(201);
    await agent.put(`/api/admin/events/${created.body.id}/color`).set('User-Agent', FIREFOX).send({ color: '#112233' }).expect(200);
    await agent.delete(`/api/admin/events/${created.body.id}`).set('User-Agent', FIREFOX).expect(200);
    const rows = await timeline(owner.id);
    expect(rows.map((e) => e.action)).toEqual(['event.delete', 'event.color', 'event.create']);
    for (const row of rows) expect(row).toMatchObject({ actorId: admin.id, browser: 'Firefox 128', details: expect.objectContaining({ eventId: created.body.id }) });
  });

  it('an admin\'s payouts to an owner are in the owner\'s activity, with the admin\'s browser', async () => {
    const owner = await t.createUser('user');
    const { agent, user: admin } = await t.loginAs('admin');
    const created = await agent.post('/api/admin/payouts').set('User-Agent', FIREFOX).send({ userId: owner.id, month: 3, year: 2026, amount: '1000.00' }).expect(201);
    await agent.delete(`/api/admin/payouts/${created.body.id}`).set('User-Agent', FIREFOX).expect(200);
    const rows = await timeline(owner.id);
    expect(rows.map((e) => e.action)).toEqual(['payout.delete', 'payout.create']);
    for (const row of rows) expect(row).toMatchObject({ actorId: admin.id, browser: 'Firefox 128', os: 'Windows 10' });
  });

  it('an admin creating users: a row with the admin as actor, the role, and the account number masked or null', async () => {
    const { agent, user: admin } = await t.loginAs('admin');
    const withNumber = await agent.post('/api/admin/users').set('User-Agent', FIREFOX).send({ username: 'ny-hjelper@example.com', name: 'Ny hjelper', password: 'passord-nummer-1', isMiniAdmin: true, accountNumber: '1234.56.78901' }).expect(201);
    const without = await agent.post('/api/register').set('User-Agent', FIREFOX).send({ username: 'ny-eier@example.com', name: 'Ny eier', password: 'passord-nummer-1' }).expect(201);
    expect(await timeline(withNumber.body.id)).toEqual([
      expect.objectContaining({ action: 'account.created', actorId: admin.id, actorName: admin.name, details: { role: 'mini_admin', accountNumber: '••••.••.•8901' }, browser: 'Firefox 128', os: 'Windows 10' }),
    ]);
    expect(await timeline(without.body.id)).toEqual([expect.objectContaining({ action: 'account.created', actorId: admin.id, details: { role: 'owner', accountNumber: null } })]);
    expect(JSON.stringify(await timeline(withNumber.body.id))).not.toMatch(/78901|passord/);
    // A refused create (the name is taken) records nothing.
    await agent.post('/api/admin/users').send({ username: 'ny-eier@example.com', name: 'Igjen', password: 'passord-nummer-1' }).expect(409);
    expect(await timeline(without.body.id)).toHaveLength(1);
  });

  it('a deleted account: a row by the owner or by the admin, which outlives the account; a refused delete records nothing', async () => {
    const { agent: owner, user: leaving } = await t.loginAs('user');
    await owner.delete('/api/user/account').set('User-Agent', FIREFOX).expect(200);
    const removed = await t.createUser('user');
    const { agent, user: admin } = await t.loginAs('admin');
    await agent.delete(`/api/admin/users/${removed.id}`).set('User-Agent', FIREFOX).expect(200);
    expect((await timeline(leaving.id))[0]).toMatchObject({ action: 'account.deleted', actorId: leaving.id, details: { via: 'own' }, browser: 'Firefox 128', os: 'Windows 10' });
    expect(await timeline(removed.id)).toEqual([expect.objectContaining({ action: 'account.deleted', actorId: admin.id, actorName: admin.name, details: { via: 'admin' }, browser: 'Firefox 128' })]);
    // An admin may not delete their own account: refused before anything is written.
    await agent.delete('/api/user/account').expect(403);
    expect((await timeline(admin.id)).map((e) => e.action)).not.toContain('account.deleted');
  });

  it('owners see only their own rows, newest first and paged; another user\'s rows are not in it', async () => {
    const { agent: first, user: one } = await t.loginAs('user');
    const { agent: second, user: two } = await t.loginAs('user');
    await first.put('/api/user/password').send({ currentPassword: PASSWORD, newPassword: 'nytt-passord-1' }).expect(200);
    await second.put('/api/user/profile').send({ name: two.name, email: 'to@example.com' }).expect(200);
    await first.put('/api/user/profile').send({ name: one.name, email: 'en@example.com' }).expect(200);
    const mine = (await first.get('/api/user/activity').expect(200)).body as (Entry & { id: number })[];
    expect(mine.map((e) => e.action)).toEqual(['email.changed', 'password.changed', 'login']);
    expect(mine.every((e) => e.actorId === one.id)).toBe(true);
    const page = await first.get('/api/user/activity').query({ range: '[1,2]' }).expect(200);
    expect(page.headers['content-range']).toBe('activity 1-2/3');
    expect(page.body.map((e: Entry) => e.action)).toEqual(['password.changed', 'login']);
    expect((await second.get('/api/user/activity').expect(200)).body.map((e: Entry) => e.action)).toEqual(['email.changed', 'login']);
  });
});
