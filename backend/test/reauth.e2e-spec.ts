/**
 * Sensitive changes ask again (docs/security.md#re-authentication): the e-mail, the account number, the password
 * and two-factor setup need the password (and code) given within 10 minutes by the app's clock.
 */
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PASSWORD, TestApp } from './helpers/test-app';

type Agent = ReturnType<typeof request.agent>;

const MINUTE = 60_000;
/** The failed attempts a client may make per account in 15 minutes here (sign-in and re-authentication share it). */
const LIMIT = 4;

function codeAt(t: TestApp, secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: t.clock.now().getTime() });
}

async function enableTwoFactor(t: TestApp, agent: Agent): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await agent.post('/api/user/2fa/setup').expect(200);
  const res = await agent.post('/api/user/2fa/enable').send({ code: codeAt(t, setup.body.secret) }).expect(200);
  return { secret: setup.body.secret, recoveryCodes: res.body.recoveryCodes };
}

/** Signs in with the password and a code from the app (a code's 30-second step is used once: move on first). */
async function signInWithCode(t: TestApp, username: string, secret: string): Promise<Agent> {
  t.clock.advance(MINUTE);
  const agent = request.agent(t.server);
  await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200);
  await agent.post('/api/login/2fa').send({ code: codeAt(t, secret) }).expect(200);
  return agent;
}

const expectReauthRequired = (res: request.Response) => {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ code: 'reauth_required', message: expect.any(String) });
};

describe('re-authentication before sensitive changes', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ AUTH_RATE_LIMIT: String(LIMIT) })));
  afterAll(() => t.close());
  // Each test starts past the rate-limit window of the one before.
  afterEach(() => t.clock.advance(16 * MINUTE));

  const stored = async (userId: number) =>
    (await t.app.get(DataSource).query('SELECT email, account_number, password FROM users WHERE id = $1', [userId]))[0] as { email: string; account_number: string | null; password: string };
  const auditActions = async (userId: number): Promise<string[]> =>
    (await t.app.get(DataSource).query('SELECT action FROM admin_audit_log WHERE target_user_id = $1 ORDER BY id', [userId])).map((r: { action: string }) => r.action);

  it('lets a fresh sign-in change the e-mail and account number', async () => {
    const { agent, user } = await t.loginAs('user');
    t.clock.advance(10 * MINUTE);
    const res = await agent.put('/api/user/profile').send({ name: user.name, email: 'ny@example.com', accountNumber: '1234.56.78901' }).expect(200);
    expect(res.body).toMatchObject({ email: 'ny@example.com', accountNumber: '1234.56.78901' });
  });

  it('refuses sensitive changes 11 minutes after sign-in, and changes nothing', async () => {
    const { agent, user } = await t.loginAs('user');
    const before = await stored(user.id);
    t.clock.advance(11 * MINUTE);
    expectReauthRequired(await agent.put('/api/user/profile').send({ name: user.name, email: 'ny2@example.com' }));
    expectReauthRequired(await agent.put('/api/user/profile').send({ name: user.name, email: user.email, accountNumber: '1234.56.78901' }));
    expectReauthRequired(await agent.post('/api/user/2fa/setup'));
    expectReauthRequired(await agent.post('/api/user/2fa/enable').send({ code: '123456' }));
    expect(await stored(user.id)).toEqual(before);
    expect((await agent.get('/api/user/2fa').expect(200)).body.enabled).toBe(false);
    // The rest of the profile is no sensitive change: the same e-mail (as typed, with spaces) and account number pass.
    const renamed = await agent.put('/api/user/profile').send({ name: 'Nytt Navn', email: ` ${user.email} `, phoneNumber: '+47 99 99 99 99', accountNumber: '' }).expect(200);
    expect(renamed.body).toMatchObject({ name: 'Nytt Navn', email: user.email, accountNumber: null });
  });

  it('takes no proof in the body of a password change: only a re-authentication opens it', async () => {
    const { agent, user } = await t.loginAs('user');
    t.clock.advance(11 * MINUTE);
    expectReauthRequired(await agent.put('/api/user/password').send({ currentPassword: PASSWORD, newPassword: 'nytt-passord' }));
    await agent.post('/api/user/reauth').send({ password: PASSWORD }).expect(200);
    await agent.put('/api/user/password').send({ newPassword: 'nytt-passord' }).expect(200);
    await t.anon().post('/api/login').send({ username: user.username, password: 'nytt-passord' }).expect(200);
  });

  it('opens the sensitive changes again for 10 minutes after the password', async () => {
    const { agent, user } = await t.loginAs('user');
    t.clock.advance(11 * MINUTE);
    expectReauthRequired(await agent.put('/api/user/profile').send({ name: user.name, email: 'ny3@example.com' }));
    const res = await agent.post('/api/user/reauth').send({ password: PASSWORD }).expect(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    await agent.put('/api/user/profile').send({ name: user.name, email: 'ny3@example.com' }).expect(200);
    t.clock.advance(10 * MINUTE);
    await agent.put('/api/user/profile').send({ name: user.name, email: 'ny3@example.com', accountNumber: '1234.56.78901' }).expect(200);
    t.clock.advance(1000);
    expectReauthRequired(await agent.put('/api/user/profile').send({ name: user.name, email: 'ny4@example.com' }));
    expect((await stored(user.id)).email).toBe('ny3@example.com');
  });

  it('refuses a wrong password with a code, records the attempt, and keeps the changes closed', async () => {
    const { agent, user } = await t.loginAs('user');
    t.clock.advance(11 * MINUTE);
    const res = await agent.post('/api/user/reauth').send({ password: 'feil-passord' }).expect(400);
    expect(res.body).toMatchObject({ code: 'wrong_current_password', errors: [{ field: 'password', message: expect.any(String) }] });
    expect(await auditActions(user.id)).toContain('reauth.failed');
    expectReauthRequired(await agent.post('/api/user/2fa/setup'));
    // Still signed in: a wrong password here ends nothing.
    await agent.get('/api/user').expect(200);
  });

  it('asks for a code from the app or a recovery code when two-factor sign-in is on', async () => {
    const { agent: first, user } = await t.loginAs('user');
    const { secret, recoveryCodes } = await enableTwoFactor(t, first);
    const agent = await signInWithCode(t, user.username, secret);
    t.clock.advance(11 * MINUTE);
    expectReauthRequired(await agent.put('/api/user/password').send({ newPassword: 'nytt-passord' }));
    expectReauthRequired(await agent.put('/api/user/profile').send({ name: user.name, email: 'tofaktor@example.com' }));

    expect((await agent.post('/api/user/reauth').send({ password: PASSWORD }).expect(400)).body.code).toBe('two_factor_code_required');
    const right = codeAt(t, secret);
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await agent.post('/api/user/reauth').send({ password: PASSWORD, code: wrong }).expect(400)).body.code).toBe('two_factor_code_invalid');
    expect((await agent.post('/api/user/reauth').send({ password: 'feil-passord', code: right }).expect(400)).body.code).toBe('wrong_current_password');
    expect((await auditActions(user.id)).filter((a) => a === 'reauth.failed')).toHaveLength(2);
    expectReauthRequired(await agent.put('/api/user/profile').send({ name: user.name, email: 'tofaktor@example.com' }));

    await agent.post('/api/user/reauth').send({ password: PASSWORD, code: right }).expect(200);
    await agent.put('/api/user/profile').send({ name: user.name, email: 'tofaktor@example.com' }).expect(200);
    await agent.put('/api/user/password').send({ newPassword: 'nytt-passord' }).expect(200);

    t.clock.advance(11 * MINUTE);
    expectReauthRequired(await agent.put('/api/user/profile').send({ name: user.name, email: 'igjen@example.com' }));
    await agent.post('/api/user/reauth').send({ password: 'nytt-passord', code: recoveryCodes[0] }).expect(200);
    await agent.put('/api/user/profile').send({ name: user.name, email: 'igjen@example.com' }).expect(200);
  });

  it('stamps the code step of a sign-in with two-factor as the proof', async () => {
    const { agent: first, user } = await t.loginAs('user');
    const { secret } = await enableTwoFactor(t, first);
    t.clock.advance(11 * MINUTE);
    expectReauthRequired(await first.put('/api/user/profile').send({ name: user.name, email: 'gammel@example.com' }));
    const agent = await signInWithCode(t, user.username, secret);
    await agent.put('/api/user/profile').send({ name: user.name, email: 'fersk@example.com' }).expect(200);
  });

  it('answers 401 to anonymous callers', async () => {
    await t.anon().post('/api/user/reauth').send({ password: PASSWORD }).expect(401);
    await t.anon().put('/api/user/profile').send({ name: 'X', email: 'x@example.com' }).expect(401);
    await t.anon().post('/api/user/2fa/setup').expect(401);
  });

  it('counts wrong re-authentications against the same limit as wrong sign-ins', async () => {
    const { agent, user } = await t.loginAs('user');
    for (let i = 0; i < LIMIT - 1; i++) await t.anon().post('/api/login').send({ username: user.username, password: 'feil' }).expect(401);
    await agent.post('/api/user/reauth').send({ password: 'feil' }).expect(400);
    const limited = await agent.post('/api/user/reauth').send({ password: PASSWORD }).expect(429);
    expect(limited.body.code).toBe('rate_limited');
    await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(429);
  });
});
