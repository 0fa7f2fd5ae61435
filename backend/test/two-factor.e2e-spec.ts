import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { MailQueue } from '../src/mail/mail-queue.service';
import { NotificationsService } from '../src/notifications/notifications.service';
import { parseMail, startSmtpServer } from './helpers/smtp-server';
import { PASSWORD, TestApp } from './helpers/test-app';

type Agent = ReturnType<typeof request.agent>;

/** The code an authenticator app shows for `secret` at the app's clock, `steps` periods away. */
function codeAt(t: TestApp, secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: t.clock.now().getTime() + steps * 30_000 });
}

/** Turns 2FA on for a signed-in agent; answers the secret and the recovery codes. */
async function enable(t: TestApp, agent: Agent): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await agent.post('/api/user/2fa/setup').expect(200);
  const res = await agent.post('/api/user/2fa/enable').send({ code: codeAt(t, setup.body.secret) }).expect(200);
  return { secret: setup.body.secret, recoveryCodes: res.body.recoveryCodes };
}

const auditActions = async (t: TestApp, userId: number): Promise<string[]> =>
  (await t.app.get(DataSource).query('SELECT action FROM admin_audit_log WHERE target_user_id = $1 ORDER BY id', [userId])).map((r: { action: string }) => r.action);

// Enabling hashes ten recovery codes with argon2, and a recovery code is checked against each: slow on a busy machine.
jest.setTimeout(120_000);

describe('two-factor sign-in', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await TestApp.start({ SMTP_URL: smtp.url, MAIL_FROM: 'Eierportal <portal@example.no>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  // Each test moves on a few minutes, so a code of one test is never the step another used.
  afterEach(() => t.clock.advance(5 * 60_000));

  it('sets up with a secret and an otpauth link, and is off until a code confirms it', async () => {
    const { agent, user } = await t.loginAs('user');
    expect((await agent.get('/api/user/2fa').expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    const setup = await agent.post('/api/user/2fa/setup').expect(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(url.searchParams.get('issuer')).toBe('Eierportal');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(decodeURIComponent(url.pathname)).toContain(user.username);
    // Not active yet: signing in still takes the password alone.
    await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200).expect((r) => expect(r.body.id).toBe(user.id));

    const enabled = await agent.post('/api/user/2fa/enable').send({ code: codeAt(t, setup.body.secret) }).expect(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    for (const code of enabled.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await agent.get('/api/user/2fa').expect(200)).body).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect((await agent.get('/api/user').expect(200)).body.twoFactorEnabled).toBe(true);
    // Stored hashed, never as given; the secret sealed.
    const stored = await t.app.get(DataSource).query('SELECT code_hash FROM user_recovery_codes WHERE user_id = $1', [user.id]);
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.code_hash).toMatch(/^\$argon2id\$/);
    const [secretRow] = await t.app.get(DataSource).query('SELECT secret_sealed FROM user_two_factor WHERE user_id = $1', [user.id]);
    expect(secretRow.secret_sealed).not.toContain(setup.body.secret);
    expect(await auditActions(t, user.id)).toContain('two_factor.enabled');
  });

  it('refuses bad codes at enable and changes nothing', async () => {
    const { agent, user } = await t.loginAs('user');
    expect((await agent.post('/api/user/2fa/enable').send({ code: '123456' }).expect(400)).body.code).toBe('two_factor_setup_missing');
    const { body: setup } = await agent.post('/api/user/2fa/setup').expect(200);
    const right = codeAt(t, setup.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await agent.post('/api/user/2fa/enable').send({ code: wrong }).expect(400)).body.code).toBe('two_factor_code_invalid');
    // Two steps away is outside the ±1 window: expired (or not yet valid).
    expect((await agent.post('/api/user/2fa/enable').send({ code: codeAt(t, setup.secret, -2) }).expect(400)).body.code).toBe('two_factor_code_invalid');
    expect((await agent.post('/api/user/2fa/enable').send({ code: codeAt(t, setup.secret, 2) }).expect(400)).body.code).toBe('two_factor_code_invalid');
    expect((await agent.post('/api/user/2fa/enable').send({ code: 'abc' }).expect(400)).body.code).toBe('two_factor_code_malformed');
    expect((await agent.post('/api/user/2fa/enable').send({ code: '1'.repeat(33) }).expect(400)).body.code).toBe('validation');
    expect((await agent.post('/api/user/2fa/enable').send({ code: 123456 }).expect(400)).body.code).toBe('validation');
    expect((await agent.post('/api/user/2fa/enable').send({}).expect(400)).body.code).toBe('validation');
    expect((await agent.get('/api/user/2fa').expect(200)).body.enabled).toBe(false);
    expect(await auditActions(t, user.id)).not.toContain('two_factor.enabled');
    // The step before and after are taken (clock drift).
    await agent.post('/api/user/2fa/enable').send({ code: codeAt(t, setup.secret, -1) }).expect(200);
    // Enabling twice, and setting up again while on, is a conflict.
    expect((await agent.post('/api/user/2fa/enable').send({ code: codeAt(t, setup.secret) }).expect(409)).body.code).toBe('two_factor_already_enabled');
    expect((await agent.post('/api/user/2fa/setup').expect(409)).body.code).toBe('two_factor_already_enabled');
  });

  it('signs in in two steps: the password gives a session that is not signed in, the code completes it with a new id', async () => {
    const { agent: first, user } = await t.loginAs('user');
    const { secret } = await enable(t, first);
    t.clock.advance(60_000);
    const agent = t.anon();
    const step1 = await agent.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    expect(step1.body).toEqual({ twoFactorRequired: true });
    const pendingCookie = (step1.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('connect.sid='))!.split(';')[0];
    // Every other route treats the half-done session as signed out.
    expect((await agent.get('/api/user').expect(401)).body.code).toBe('unauthorized');
    await agent.get('/api/user/2fa').expect(401);
    await agent.post('/api/user/2fa/setup').expect(401);
    const step2 = await agent.post('/api/login/2fa').send({ code: codeAt(t, secret) }).expect(200);
    expect(step2.body).toMatchObject({ id: user.id, twoFactorEnabled: true });
    const signedInCookie = (step2.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('connect.sid='))!.split(';')[0];
    expect(signedInCookie).not.toBe(pendingCookie);
    await agent.get('/api/user').expect(200);
    // The pending id is gone.
    await request(t.server).get('/api/user').set('Cookie', pendingCookie).expect(401);
    await request(t.server).post('/api/login/2fa').set('Cookie', pendingCookie).send({ code: codeAt(t, secret, 1) }).expect(401);
    expect(await auditActions(t, user.id)).toEqual(expect.arrayContaining(['login']));
  });

  it('takes a code once: the same code, or an earlier step, is refused after it was used', async () => {
    const { agent: first, user } = await t.loginAs('user');
    const { secret } = await enable(t, first);
    // The code that enabled it cannot sign in within its window.
    const again = t.anon();
    await again.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    expect((await again.post('/api/login/2fa').send({ code: codeAt(t, secret) }).expect(401)).body.code).toBe('two_factor_code_used');
    expect((await again.post('/api/login/2fa').send({ code: codeAt(t, secret, -1) }).expect(401)).body.code).toBe('two_factor_code_used');
    // The next step's code is fine, once.
    await again.post('/api/login/2fa').send({ code: codeAt(t, secret, 1) }).expect(200);
    const third = t.anon();
    await third.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    expect((await third.post('/api/login/2fa').send({ code: codeAt(t, secret, 1) }).expect(401)).body.code).toBe('two_factor_code_used');
    await third.get('/api/user').expect(401);
  });

  it('refuses wrong, malformed and over-long codes at sign-in, a code without the password step, and a late code', async () => {
    const { agent: first, user } = await t.loginAs('user');
    const { secret } = await enable(t, first);
    t.clock.advance(60_000);
    expect((await t.anon().post('/api/login/2fa').send({ code: codeAt(t, secret) }).expect(401)).body.code).toBe('two_factor_login_missing');
    const agent = t.anon();
    await agent.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    const right = codeAt(t, secret);
    expect((await agent.post('/api/login/2fa').send({ code: right === '999999' ? '999998' : '999999' }).expect(401)).body.code).toBe('two_factor_code_invalid');
    expect((await agent.post('/api/login/2fa').send({ code: '12 34' }).expect(401)).body.code).toBe('two_factor_code_malformed');
    expect((await agent.post('/api/login/2fa').send({ code: 'x'.repeat(40) }).expect(400)).body.code).toBe('validation');
    expect((await agent.post('/api/login/2fa').send({ code: ['123456'] }).expect(400)).body.code).toBe('validation');
    expect((await agent.post('/api/login/2fa').send({ code: 'aaaaa-aaaaa' }).expect(401)).body.code).toBe('two_factor_code_invalid');
    await agent.get('/api/user').expect(401);
    // Five minutes after the password: start again.
    t.clock.advance(5 * 60_000 + 1000);
    expect((await agent.post('/api/login/2fa').send({ code: codeAt(t, secret) }).expect(401)).body.code).toBe('two_factor_login_expired');
    expect((await agent.post('/api/login/2fa').send({ code: codeAt(t, secret) }).expect(401)).body.code).toBe('two_factor_login_missing');
    expect(await auditActions(t, user.id)).toEqual(expect.arrayContaining(['login.failed']));
  });

  it('signs in with a recovery code, once each, and counts what is left', async () => {
    const { agent: first, user } = await t.loginAs('user');
    const { recoveryCodes } = await enable(t, first);
    const agent = t.anon();
    await agent.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    // Case and dashes do not matter.
    await agent.post('/api/login/2fa').send({ code: recoveryCodes[3].toUpperCase().replace('-', ' ') }).expect(200);
    expect((await agent.get('/api/user/2fa').expect(200)).body.recoveryCodesLeft).toBe(9);
    const other = t.anon();
    await other.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    expect((await other.post('/api/login/2fa').send({ code: recoveryCodes[3] }).expect(401)).body.code).toBe('two_factor_code_invalid');
  });

  it('disables after a recent proof (the password and a code, through re-authentication)', async () => {
    const { agent, user } = await t.loginAs('user');
    const { secret, recoveryCodes } = await enable(t, agent);
    t.clock.advance(11 * 60_000);
    expect((await agent.post('/api/user/2fa/disable').expect(403)).body.code).toBe('reauth_required');
    expect((await agent.post('/api/user/reauth').send({ password: PASSWORD, code: '000000' === codeAt(t, secret) ? '111111' : '000000' }).expect(400)).body.code).toBe('two_factor_code_invalid');
    expect((await agent.post('/api/user/2fa/disable').expect(403)).body.code).toBe('reauth_required');
    expect((await agent.get('/api/user/2fa').expect(200)).body.enabled).toBe(true);
    await agent.post('/api/user/reauth').send({ password: PASSWORD, code: recoveryCodes[0] }).expect(200);
    await agent.post('/api/user/2fa/disable').expect(200);
    expect((await agent.get('/api/user/2fa').expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    expect((await agent.post('/api/user/2fa/disable').expect(409)).body.code).toBe('two_factor_not_enabled');
    const [{ count }] = await t.app.get(DataSource).query('SELECT count(*)::int AS count FROM user_recovery_codes WHERE user_id = $1', [user.id]);
    expect(count).toBe(0);
    // Password alone signs in again.
    expect((await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200)).body.id).toBe(user.id);
    expect(await auditActions(t, user.id)).toContain('two_factor.disabled');
  });

  it("lets an admin reset a user's two-factor sign-in: audited, the user notified and mailed", async () => {
    const { agent: owner, user } = await t.loginAs('user');
    await enable(t, owner);
    const { agent: admin, user: adminUser } = await t.loginAs('admin');
    const { agent: mini } = await t.loginAs('miniAdmin');
    await mini.post(`/api/admin/users/${user.id}/2fa/reset`).expect(403);
    await owner.post(`/api/admin/users/${user.id}/2fa/reset`).expect(403);
    await admin.post(`/api/admin/users/${user.id}/2fa/reset`).expect(200);
    expect((await admin.post(`/api/admin/users/${user.id}/2fa/reset`).expect(409)).body.code).toBe('two_factor_not_enabled');
    expect((await admin.post('/api/admin/users/999999/2fa/reset').expect(404)).body.code).toBe('user_not_found');
    expect((await owner.get('/api/user/2fa').expect(200)).body.enabled).toBe(false);
    const [row] = await t.app.get(DataSource).query("SELECT actor_id FROM admin_audit_log WHERE target_user_id = $1 AND action = 'two_factor.reset'", [user.id]);
    expect(row.actor_id).toBe(adminUser.id);
    const { notifications } = await t.app.get(NotificationsService).page(user.id, 0, 10);
    // It opens the two-factor tab of the owner's settings, where it is turned on again.
    expect(notifications.find((n) => n.type === 'two_factor_reset')).toMatchObject({ link: '/settings?tab=twoFactor' });
    await t.app.get(MailQueue).whenDrained();
    const mail = smtp.received.filter((m) => m.to.includes(user.email)).map((m) => parseMail(m.data));
    expect(mail.map((m) => m.subject)).toContain('Tofaktorinnlogging er slått av');
  });
});

describe('two-factor sign-in required for staff', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is off by default: staff without it use the app, and are only recommended to turn it on', async () => {
    t = await TestApp.start();
    const { agent } = await t.loginAs('admin');
    await agent.get('/api/admin/users').expect(200);
    expect((await agent.get('/api/user/2fa').expect(200)).body).toMatchObject({ enabled: false, required: false });
  });

  it('with REQUIRE_STAFF_2FA, staff reach only the setup until they turn it on; owners are not affected', async () => {
    t = await TestApp.start({ REQUIRE_STAFF_2FA: 'true' });
    for (const role of ['admin', 'miniAdmin'] as const) {
      const { agent } = await t.loginAs(role);
      expect((await agent.get('/api/admin/users').expect(403)).body.code).toBe('two_factor_setup_required');
      expect((await agent.get('/api/notifications').expect(403)).body.code).toBe('two_factor_setup_required');
      await agent.get('/api/user').expect(200);
      expect((await agent.get('/api/user/2fa').expect(200)).body).toMatchObject({ enabled: false, required: true });
      await enable(t, agent);
      await agent.get('/api/admin/users').expect(200);
      t.clock.advance(60_000);
    }
    const { agent: owner } = await t.loginAs('user');
    await owner.get('/api/notifications').expect(200);
    expect((await owner.get('/api/user/2fa').expect(200)).body.required).toBe(false);
  });

  it('follows the system setting when the environment leaves it off', async () => {
    t = await TestApp.start();
    const { agent: admin } = await t.loginAs('admin');
    await admin.put('/api/system-settings/security.requireStaff2fa').send({ value: 'true' }).expect(200);
    expect((await admin.get('/api/admin/users').expect(403)).body.code).toBe('two_factor_setup_required');
    // Turning it off again is behind the same wall: an admin with 2FA does it.
    const { agent: other } = await t.loginAs('admin');
    await enable(t, other);
    await other.put('/api/system-settings/security.requireStaff2fa').send({ value: 'false' }).expect(200);
    await admin.get('/api/admin/users').expect(200);
  });
});

describe('two-factor codes count against the login limit', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ AUTH_RATE_LIMIT: '3' })));
  afterAll(() => t.close());

  it('wrong codes and wrong passwords share the account\'s budget', async () => {
    const { agent: first, user } = await t.loginAs('user');
    const { secret } = await enable(t, first);
    t.clock.advance(60_000);
    await t.anon().post('/api/login').send({ username: user.username, password: 'feil' }).expect(401);
    const agent = t.anon();
    await agent.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    const wrong = codeAt(t, secret) === '000000' ? '111111' : '000000';
    await agent.post('/api/login/2fa').send({ code: wrong }).expect(401);
    await agent.post('/api/login/2fa').send({ code: wrong }).expect(401);
    expect((await agent.post('/api/login/2fa').send({ code: codeAt(t, secret) }).expect(429)).body.code).toBe('rate_limited');
    expect((await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(429)).body.code).toBe('rate_limited');
  });
});
