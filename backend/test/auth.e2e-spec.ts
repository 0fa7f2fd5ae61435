import request from 'supertest';
import { PasswordResetService } from '../src/auth/password-reset.service';
import { SubscriptionService } from '../src/calendar/subscription.service';
import { ORIGIN, PASSWORD, TEST_NOW, TestApp } from './helpers/test-app';

const sidOf = (res: request.Response) => (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('connect.sid='))?.split(';')[0];

describe('authentication', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  describe('POST /api/login', () => {
    it('logs in, answers the user without any password, and GET /api/user returns them', async () => {
      const user = await t.createUser('user', { name: 'Kari Nordmann' });
      const agent = t.anon();
      const res = await agent.post('/api/login').send({ username: user.username.toUpperCase(), password: PASSWORD }).expect(200);
      expect(res.body).toMatchObject({ id: user.id, name: 'Kari Nordmann', isAdmin: false });
      expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
      const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('connect.sid='))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      const me = await agent.get('/api/user').expect(200);
      expect(me.body.lastLoginAt).not.toBeNull();
      expect(me.body.username).toBe(user.username);
    });

    it('issues a new session id at login (no session fixation)', async () => {
      const user = await t.createUser('user');
      const agent = t.anon();
      const first = await agent.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
      const second = await agent.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
      expect(sidOf(first)).toBeDefined();
      expect(sidOf(second)).toBeDefined();
      expect(sidOf(second)).not.toEqual(sidOf(first));
      // The old id no longer works.
      await request(t.server).get('/api/user').set('Cookie', sidOf(first)!).expect(401);
    });

    it('refuses a wrong password and an unknown user with the same message', async () => {
      const user = await t.createUser('user');
      const wrong = await t.anon().post('/api/login').send({ username: user.username, password: 'feil-passord' }).expect(401);
      const unknown = await t.anon().post('/api/login').send({ username: 'ingen@example.com', password: 'x' }).expect(401);
      expect(wrong.body).toEqual({ message: 'Ugyldig brukernavn eller passord', code: 'invalid_credentials' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it("validates with the documented texts", async () => {
      const noEmail = await t.anon().post('/api/login').send({ username: '', password: 'x' }).expect(400);
      expect(noEmail.body.message).toBe('E-post er påkrevd');
      const badEmail = await t.anon().post('/api/login').send({ username: 'not-an-email', password: 'x' }).expect(400);
      expect(badEmail.body.message).toBe('E-postadresse må være gyldig');
      expect(badEmail.body.errors).toEqual([{ field: 'username', message: 'E-postadresse må være gyldig', code: 'invalid_email' }]);
      const noPassword = await t.anon().post('/api/login').send({ username: 'a@b.no' }).expect(400);
      expect(noPassword.body.message).toBe('Passord er påkrevd');
    });

    it('refuses a blocked user even with the right password', async () => {
      const user = await t.createUser('user');
      const admin = await t.createUser('admin');
      await t.users.block(user.id, 'Ubetalt faktura', admin);
      const res = await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(403);
      expect(res.body.message).toContain('Ubetalt faktura');
    });
  });

  it('a session ends 30 days after sign-in, however often it is used meanwhile (as its cookie does)', async () => {
    const { agent } = await t.loginAs('user');
    try {
      const DAY = 24 * 3600 * 1000;
      // In use on days 10 and 20: each use would have moved a sliding expiry on by 30 days.
      for (let i = 0; i < 2; i++) {
        t.clock.advance(10 * DAY);
        await agent.get('/api/user').expect(200);
      }
      // A minute before the 30 days are up it still works; a minute after, it is over.
      t.clock.advance(10 * DAY - 60_000);
      await agent.get('/api/user').expect(200);
      t.clock.advance(2 * 60_000);
      await agent.get('/api/user').expect(401);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('POST /api/logout ends the session', async () => {
    const { agent } = await t.loginAs('user');
    await agent.post('/api/logout').expect(200);
    await agent.get('/api/user').expect(401);
  });

  it('POST /api/logout clears the session cookie with its own attributes', async () => {
    const { agent } = await t.loginAs('user');
    const res = await agent.post('/api/logout').expect(200);
    const cleared = (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('connect.sid='));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/^connect\.sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    expect(cleared).toMatch(/Path=\//);
    expect(cleared).toMatch(/HttpOnly/);
    expect(cleared).toMatch(/SameSite=Lax/);
  });

  it('API answers are not kept by any cache (Cache-Control: no-store); the iCal feed keeps its own rule', async () => {
    const user = await t.createUser('user');
    const agent = t.anon();
    const login = await agent.post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await agent.get('/api/user').expect(200)).headers['cache-control']).toBe('no-store');
    expect((await t.anon().get('/api/user').expect(401)).headers['cache-control']).toBe('no-store');
    const link = new URL((await t.app.get(SubscriptionService).renew(user.id)).url);
    expect((await t.anon().get(link.pathname + link.search).expect(200)).headers['cache-control']).toBe('private, max-age=300');
  });

  it('GET /api/user without a session is 401 with the error shape', async () => {
    const res = await request(t.server).get('/api/user').expect(401);
    expect(res.body).toEqual({ message: 'Du må logge inn', code: 'unauthorized' });
  });

  describe('same-origin rule', () => {
    it('refuses a state-changing request from a foreign Origin', async () => {
      const { agent } = await t.loginAs('user');
      const res = await agent.put('/api/user/profile').set('Origin', 'https://evil.example').send({ name: 'X', email: 'x@example.com' }).expect(403);
      expect(res.body.message).toBeDefined();
      await agent.post('/api/logout').set('Sec-Fetch-Site', 'cross-site').expect(403);
    });

    it('accepts the own origin and requests without Origin', async () => {
      const { agent } = await t.loginAs('user');
      await agent.put('/api/user/profile').set('Origin', ORIGIN).send({ name: 'Ny', email: 'ny@example.com' }).expect(200);
      await agent.put('/api/user/profile').send({ name: 'Ny2', email: 'ny@example.com' }).expect(200);
      // The address the app was reached at is its own as well (the rule /ws shares): scheme and Host of the request
      for (const host of ['127.0.0.1:3000', 'localhost:3000']) {
        await agent.put('/api/user/profile').set('Host', host).set('Origin', `http://${host}`).send({ name: 'Ny3', email: 'ny@example.com' }).expect(200);
        await agent.put('/api/user/profile').set('Host', host).set('Origin', `http://evil.example`).send({ name: 'X', email: 'x@example.com' }).expect(403);
      }
      await agent.put('/api/user/profile').set('Host', 'localhost:3000').set('Origin', 'http://127.0.0.1:3000').send({ name: 'X', email: 'x@example.com' }).expect(403);
      // Reads are never refused by the rule.
      await agent.get('/api/user').set('Origin', 'https://evil.example').expect(200);
    });
  });

  describe('password reset link', () => {
    it('is created by an admin, works once, and ends the user’s sessions', async () => {
      const { agent: admin } = await t.loginAs('admin');
      const { agent: userAgent, user } = await t.loginAs('user');
      const created = await admin.post(`/api/admin/users/${user.id}/reset-password`).expect(200);
      expect(created.body.resetLink).toMatch(new RegExp(`^${ORIGIN}/reset-password\\?token=[A-Za-z0-9_-]{40,}$`));
      expect(new Date(created.body.expiresAt).getTime() - t.clock.now().getTime()).toBe(24 * 3600 * 1000);
      const token = new URL(created.body.resetLink).searchParams.get('token');

      await t.anon().post('/api/reset-password').send({ token, newPassword: 'nytt-passord' }).expect(200);
      await userAgent.get('/api/user').expect(401);
      await t.anon().post('/api/login').send({ username: user.username, password: 'nytt-passord' }).expect(200);

      const again = await t.anon().post('/api/reset-password').send({ token, newPassword: 'tredje-passord' }).expect(400);
      expect(again.body.message).toMatch(/ugyldig|brukt/i);
    });

    it('dies when a newer link is issued: only the newest works', async () => {
      const user = await t.createUser('user');
      const resets = t.app.get(PasswordResetService);
      const tokenOf = (link: { resetLink: string }) => new URL(link.resetLink).searchParams.get('token');
      const a = tokenOf(await resets.createLink(user.id));
      const b = tokenOf(await resets.createLink(user.id));
      const refused = await t.anon().post('/api/reset-password').send({ token: a, newPassword: 'passord-lenke-a' }).expect(400);
      expect(refused.body.code).toBe('reset_link_invalid');
      await t.anon().post('/api/reset-password').send({ token: b, newPassword: 'passord-lenke-b' }).expect(200);
      await t.anon().post('/api/login').send({ username: user.username, password: 'passord-lenke-b' }).expect(200);
    });

    it('dies when the password changes another way (own change, admin change)', async () => {
      const { agent, user } = await t.loginAs('user');
      const resets = t.app.get(PasswordResetService);
      const beforeOwnChange = new URL((await resets.createLink(user.id)).resetLink).searchParams.get('token');
      await agent.put('/api/user/password').send({ currentPassword: PASSWORD, newPassword: 'eget-nytt-passord' }).expect(200);
      await t.anon().post('/api/reset-password').send({ token: beforeOwnChange, newPassword: 'fra-lenke-passord' }).expect(400);

      const { agent: admin } = await t.loginAs('admin');
      const beforeAdminChange = new URL((await resets.createLink(user.id)).resetLink).searchParams.get('token');
      await admin.post(`/api/admin/users/${user.id}/change-password`).send({ newPassword: 'admin-satt-passord' }).expect(200);
      await t.anon().post('/api/reset-password').send({ token: beforeAdminChange, newPassword: 'fra-lenke-passord' }).expect(400);
      await t.anon().post('/api/login').send({ username: user.username, password: 'admin-satt-passord' }).expect(200);
    });

    it('refuses expired, unknown and too-short input', async () => {
      const user = await t.createUser('user');
      const { resetLink } = await t.app.get(PasswordResetService).createLink(user.id);
      const token = new URL(resetLink).searchParams.get('token');
      const short = await t.anon().post('/api/reset-password').send({ token, newPassword: '123' }).expect(400);
      expect(short.body.message).toBe('Passordet må være minst 12 tegn');
      await t.anon().post('/api/reset-password').send({ token: 'unknown', newPassword: 'et-langt-nytt-passord' }).expect(400);
      const missing = await t.anon().post('/api/reset-password').send({ newPassword: 'et-langt-nytt-passord' }).expect(400);
      expect(missing.body.message).toBe('No reset token available');
      // A day and a minute later it has expired.
      t.clock.advance((24 * 60 + 1) * 60_000);
      try {
        await t.anon().post('/api/reset-password').send({ token, newPassword: '123456' }).expect(400);
      } finally {
        t.clock.set(TEST_NOW);
      }
    });
  });

  describe('own password change', () => {
    it('keeps this session and ends the others', async () => {
      const user = await t.createUser('user');
      const { agent: here } = await t.loginAs(user);
      const { agent: elsewhere } = await t.loginAs(user);
      const short = await here.put('/api/user/password').send({ currentPassword: PASSWORD, newPassword: '123' }).expect(400);
      expect(short.body.message).toBe('Passordet må være minst 12 tegn');
      await here.put('/api/user/password').send({ currentPassword: PASSWORD, newPassword: 'nytt-passord-123' }).expect(200);
      await here.get('/api/user').expect(200);
      await elsewhere.get('/api/user').expect(401);
      await t.anon().post('/api/login').send({ username: user.username, password: 'nytt-passord-123' }).expect(200);
    });
  });

  it('blocking and deleting end every session of the user', async () => {
    const { agent: admin } = await t.loginAs('admin');
    const { agent: blocked, user: b } = await t.loginAs('user');
    const { agent: deleted, user: d } = await t.loginAs('user');
    await admin.post(`/api/admin/users/${b.id}/block`).send({ reason: 'Misbruk' }).expect(200);
    await blocked.get('/api/user').expect(401);
    await admin.delete(`/api/admin/users/${d.id}`).expect(200);
    await deleted.get('/api/user').expect(401);
  });

  it('stores passwords as argon2id hashes at the configured cost', async () => {
    const user = await t.createUser('user');
    const row = await t.users.findById(user.id);
    // The suites run at OWASP's minimum (test-app.ts); production's default is m=65536,t=3,p=4 (app-config.spec.ts).
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});

describe('rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ AUTH_RATE_LIMIT: '3' })));
  afterAll(() => t.close());

  it('answers 429 after too many login attempts for one account', async () => {
    const user = await t.createUser('user');
    for (let i = 0; i < 3; i++) await t.anon().post('/api/login').send({ username: user.username, password: 'feil' }).expect(401);
    const res = await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(429);
    expect(res.body.message).toMatch(/For mange forsøk/);
  });

  it('answers 429 after too many reset attempts', async () => {
    for (let i = 0; i < 3; i++) await t.anon().post('/api/reset-password').send({ token: 'guess', newPassword: '123456' }).expect(400);
    await t.anon().post('/api/reset-password').send({ token: 'guess', newPassword: '123456' }).expect(429);
  });

  it('does not count successful logins', async () => {
    const user = await t.createUser('user');
    for (let i = 0; i < 5; i++) await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
  });

  it('does not count a correct login that maintenance mode refuses, so nobody is locked out when it ends', async () => {
    const user = await t.createUser('user');
    const { agent: admin } = await t.loginAs('admin');
    await admin.post('/api/admin/maintenance-mode').send({ enabled: true }).expect(200);
    try {
      for (let i = 0; i < 4; i++) expect((await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(503)).body.code).toBe('maintenance');
    } finally {
      await admin.post('/api/admin/maintenance-mode').send({ enabled: false }).expect(200);
    }
    await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
  });

  // Last in this block: it uses up the client's allowance across all accounts.
  it('limits one client spraying many accounts and tokens (5 × the per-account limit)', async () => {
    // 8 failures so far from this client (two blocks of 3 failures + 1 refusal each); 15 are allowed.
    for (let i = 0; i < 7; i++) {
      const attempt = i % 2 ? t.anon().post('/api/login').send({ username: `nobody${i}@example.com`, password: 'feil' }) : t.anon().post('/api/reset-password').send({ token: `guess-${i}`, newPassword: '123456' });
      expect((await attempt).status).not.toBe(429);
    }
    const res = await t.anon().post('/api/login').send({ username: 'fresh-account@example.com', password: 'feil' }).expect(429);
    expect(res.body.message).toMatch(/For mange forsøk/);
  });
});

/** Failed logins per account and client in these suites. */
const LIMIT = 3;
const onPostgres = Boolean(process.env.DATABASE_URL);
const login = (t: TestApp, username: string, password: string, forwardedFor?: string) => {
  const req = t.anon().post('/api/login');
  if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
  return req.send({ username, password });
};

describe('rate limiting behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: 'loopback' })));
  afterAll(() => t.close());

  it('counts " Foo@Example.COM " and "foo@example.com" as one account', async () => {
    const user = await t.createUser('user', { username: 'foo@example.com' });
    const from = '198.51.100.1';
    await login(t, ' Foo@Example.COM ', 'feil', from).expect(401);
    await login(t, 'FOO@EXAMPLE.COM', 'feil', from).expect(401);
    await login(t, 'foo@example.com', 'feil', from).expect(401);
    // The budget is spent whichever spelling comes next, the right password included.
    await login(t, '\u00a0foo@example.com', PASSWORD, from).expect(429);
    await login(t, user.username, PASSWORD, from).expect(429);
  });

  it('never counts a correct login: failures around any number of successes keep their budget', async () => {
    const user = await t.createUser('user');
    const from = '198.51.100.2';
    await login(t, user.username, 'feil', from).expect(401);
    await login(t, user.username, 'feil', from).expect(401);
    for (let i = 0; i < 2 * LIMIT; i++) await login(t, user.username, PASSWORD, from).expect(200);
    await login(t, user.username, 'feil', from).expect(401);
    await login(t, user.username, PASSWORD, from).expect(429);
  });

  it('counts each client behind the proxy by its own address, so one typo-prone user locks out nobody else', async () => {
    const colleague = await t.createUser('user');
    // One person fails across many accounts until the per-client budget (5 × the limit) is spent.
    for (let i = 0; i < 5 * LIMIT; i++) await login(t, `typo${i}@example.com`, 'feil', '198.51.100.3').expect(401);
    await login(t, colleague.username, PASSWORD, '198.51.100.3').expect(429);
    // The colleague at the next desk, behind the same proxy, logs in.
    await login(t, colleague.username, PASSWORD, '198.51.100.4').expect(200);
    // The proxy's own hop is trusted; the address the client claims before it is what counts.
    await login(t, colleague.username, PASSWORD, '203.0.113.9, 198.51.100.3').expect(429);
  });

  it('counts an IPv6 client by its /56', async () => {
    const user = await t.createUser('user');
    for (let i = 0; i < LIMIT; i++) await login(t, user.username, 'feil', `2001:db8:1:1${i}0::${i + 1}`).expect(401);
    // Same /56 (2001:db8:1:100::/56), another address: the same budget.
    await login(t, user.username, PASSWORD, '2001:db8:1:1ff::7').expect(429);
    // Next /56: its own budget.
    await login(t, user.username, PASSWORD, '2001:db8:1:200::1').expect(200);
  });

  it('starts a new window when the 15 minutes have passed on the clock', async () => {
    const user = await t.createUser('user');
    for (let i = 0; i < LIMIT; i++) await login(t, user.username, 'feil', '198.51.100.5').expect(401);
    await login(t, user.username, PASSWORD, '198.51.100.5').expect(429);
    t.clock.advance(15 * 60 * 1000);
    await login(t, user.username, PASSWORD, '198.51.100.5').expect(200);
  });

  it('keeps the login body limit of 16 kB', async () => {
    const res = await login(t, 'big@example.com', 'x'.repeat(20 * 1024), '198.51.100.6');
    expect(res.status).toBe(413);
    // Under the limit the body is parsed and judged: a 10 kB password is past the 1,024-character cap.
    await login(t, 'big@example.com', 'x'.repeat(10 * 1024), '198.51.100.6').expect(400);
  });
});

describe('rate limiting when TRUST_PROXY does not trust the hop', () => {
  let t: TestApp;
  // The proxies are in 10.0.0.0/8; the test client connects from loopback, which is not one of them.
  beforeAll(async () => (t = await TestApp.start({ AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: '10.0.0.0/8' })));
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: a client cannot buy attempts by claiming other addresses', async () => {
    const user = await t.createUser('user');
    for (let i = 0; i < LIMIT; i++) await login(t, user.username, 'feil', `198.51.100.${10 + i}`).expect(401);
    await login(t, user.username, PASSWORD, '198.51.100.99').expect(429);
  });
});

(onPostgres ? describe : describe.skip)('rate limiting across instances (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await TestApp.start({ AUTH_RATE_LIMIT: String(LIMIT) });
    b = await a.anotherInstance({ AUTH_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('shares one budget between two instances on one database', async () => {
    const user = await a.createUser('user');
    await login(a, user.username, 'feil').expect(401);
    await login(b, user.username, 'feil').expect(401);
    await login(a, user.username, 'feil').expect(401);
    await login(b, user.username, PASSWORD).expect(429);
    await login(a, user.username, PASSWORD).expect(429);
  });
});
