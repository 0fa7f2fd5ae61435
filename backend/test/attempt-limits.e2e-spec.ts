/**
 * The sign-in limits cannot be bypassed (docs/operations.md#login-limits): an attempt the session names an account
 * for counts against that account whatever the path's spelling or the body says; one account has a budget that no
 * number of client addresses escapes; a pending code step ends after a few wrong codes. And the sensitive changes
 * take their proof only through the limited, recorded re-authentication (docs/security.md#re-authentication).
 */
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PASSWORD, TestApp } from './helpers/test-app';

type Agent = ReturnType<typeof request.agent>;

const MINUTE = 60_000;
/** Failed attempts per client and account in 15 minutes here. */
const LIMIT = 3;

const codeAt = (t: TestApp, secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: t.clock.now().getTime() });
const wrongCode = (t: TestApp, secret: string) => (codeAt(t, secret) === '000000' ? '111111' : '000000');

async function enableTwoFactor(t: TestApp, agent: Agent): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await agent.post('/api/user/2fa/setup').expect(200);
  const res = await agent.post('/api/user/2fa/enable').send({ code: codeAt(t, setup.body.secret) }).expect(200);
  t.clock.advance(MINUTE);
  return { secret: setup.body.secret, recoveryCodes: res.body.recoveryCodes };
}

const expectReauthRequired = (res: request.Response) => {
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('reauth_required');
};

describe('sign-in limits keyed on the account the session names', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: 'loopback' })));
  afterAll(() => t.close());
  afterEach(() => t.clock.advance(16 * MINUTE));

  it.each(['/api/login/2FA', '/api/login/2fa/', '/api/Login/2Fa'])('counts wrong codes sent to %s against the account of the pending step', async (path) => {
    const { agent: first, user } = await t.loginAs('user');
    const { secret } = await enableTwoFactor(t, first);
    const agent = t.anon();
    await agent.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    for (let i = 0; i < LIMIT; i++) {
      // A username in the body names nobody here: the session's pending step does.
      expect((await agent.post(path).send({ code: wrongCode(t, secret), username: `other${i}@example.com` })).status).toBe(401);
    }
    expect((await agent.post('/api/login/2fa').send({ code: codeAt(t, secret) }).expect(429)).body.code).toBe('rate_limited');
    await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(429);
  });

  it.each(['/api/user/REAUTH', '/api/user/reauth/'])('counts wrong re-authentications at %s against the signed-in account, whatever username the body names', async (path) => {
    const { agent, user } = await t.loginAs('user');
    for (let i = 0; i < LIMIT; i++) {
      expect((await agent.post(path).send({ password: 'feil-passord', username: `other${i}@example.com` })).status).toBe(400);
    }
    expect((await agent.post('/api/user/reauth').send({ password: PASSWORD }).expect(429)).body.code).toBe('rate_limited');
    await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(429);
  });

  it('limits guesses at one account from any number of addresses (5 × the per-client limit)', async () => {
    const user = await t.createUser('user');
    const login = (from: string, password: string) => t.anon().post('/api/login').set('X-Forwarded-For', from).send({ username: user.username, password });
    for (let i = 0; i < 5 * LIMIT; i++) await login(`198.51.100.${i + 1}`, 'feil').expect(401);
    // A fresh address, the right password: the account's own budget is spent.
    expect((await login('203.0.113.77', PASSWORD).expect(429)).body.code).toBe('rate_limited');
    // Another account is not affected.
    const other = await t.createUser('user');
    await t.anon().post('/api/login').set('X-Forwarded-For', '203.0.113.78').send({ username: other.username, password: PASSWORD }).expect(200);
  });
});

describe('a pending code step ends after five wrong codes', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ AUTH_RATE_LIMIT: '100' })));
  afterAll(() => t.close());

  it('asks for the password again after the fifth wrong code, even for the right code', async () => {
    const { agent: first, user } = await t.loginAs('user');
    const { secret } = await enableTwoFactor(t, first);
    const agent = t.anon();
    await agent.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    for (let i = 0; i < 5; i++) expect((await agent.post('/api/login/2fa').send({ code: wrongCode(t, secret) }).expect(401)).body.code).toBe('two_factor_code_invalid');
    expect((await agent.post('/api/login/2fa').send({ code: codeAt(t, secret) }).expect(401)).body.code).toBe('two_factor_login_missing');
    await agent.get('/api/user').expect(401);
    // The password again, then the code.
    await agent.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    await agent.post('/api/login/2fa').send({ code: codeAt(t, secret) }).expect(200);
  });
});

describe('sensitive changes take their proof only through re-authentication', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ AUTH_RATE_LIMIT: String(LIMIT) })));
  afterAll(() => t.close());
  afterEach(() => t.clock.advance(16 * MINUTE));

  const failedProofs = async (userId: number) =>
    (await t.app.get(DataSource).query("SELECT actor_id AS actor, details FROM admin_audit_log WHERE target_user_id = $1 AND action = 'reauth.failed' ORDER BY id", [userId])) as { actor: number | null }[];

  it('refuses a password change with the current password in its body once the proof is old; wrong proofs are limited and recorded', async () => {
    const { agent, user } = await t.loginAs('user');
    t.clock.advance(11 * MINUTE);
    for (let i = 0; i < 25; i++) {
      expectReauthRequired(await agent.put('/api/user/password').send({ currentPassword: i === 24 ? PASSWORD : `feil-${i}`, newPassword: 'et-nytt-langt-passord' }));
    }
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await agent.post('/api/user/reauth').send({ password: `feil-${i}` })).status);
    expect(answers).toEqual([400, 400, 400, 429, 429, 429]);
    const rows = await failedProofs(user.id);
    expect(rows).toHaveLength(LIMIT);
    // The person is the actor of their own failed proof.
    for (const row of rows) expect(row.actor).toBe(user.id);
    t.clock.advance(16 * MINUTE);
    await agent.post('/api/user/reauth').send({ password: PASSWORD }).expect(200);
    await agent.put('/api/user/password').send({ newPassword: 'et-nytt-langt-passord' }).expect(200);
    await t.anon().post('/api/login').send({ username: user.username, password: 'et-nytt-langt-passord' }).expect(200);
  });

  it('refuses turning two-factor sign-in off with the password and a code in the body once the proof is old', async () => {
    const { agent: first, user } = await t.loginAs('user');
    const { secret, recoveryCodes } = await enableTwoFactor(t, first);
    t.clock.advance(11 * MINUTE);
    expectReauthRequired(await first.post('/api/user/2fa/disable').send({ password: PASSWORD, code: codeAt(t, secret) }));
    expectReauthRequired(await first.post('/api/user/2fa/disable').send({ password: PASSWORD, code: recoveryCodes[0] }));
    expect((await first.get('/api/user/2fa').expect(200)).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    await first.post('/api/user/reauth').send({ password: PASSWORD, code: codeAt(t, secret) }).expect(200);
    await first.post('/api/user/2fa/disable').expect(200);
    expect((await first.get('/api/user/2fa').expect(200)).body.enabled).toBe(false);
    expect(await failedProofs(user.id)).toEqual([]);
  });

  it('refuses deleting the own account once the proof is old', async () => {
    const { agent, user } = await t.loginAs('user');
    t.clock.advance(11 * MINUTE);
    expectReauthRequired(await agent.delete('/api/user/account'));
    await agent.get('/api/user').expect(200);
    await agent.post('/api/user/reauth').send({ password: PASSWORD }).expect(200);
    await agent.delete('/api/user/account').expect(200);
    await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(401);
  });
});
