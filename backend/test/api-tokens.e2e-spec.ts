/**
 * Personal API tokens (docs/product/auth-and-users.md#api-tokens, docs/security.md#api-tokens): made, listed and
 * revoked in a signed-in session; `Authorization: Bearer eip_…` then calls the routes its scopes allow, as its owner
 * and with the owner's role, with no session, no CSRF check and no socket.
 */
import { Writable } from 'node:stream';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { OpenAPIObject } from '@nestjs/swagger';
import { NO_TOKENS, TOKEN_SCOPES } from '../src/common/token-scope.decorator';
import { registeredRoutes } from './helpers/routes';
import { PASSWORD, TestApp } from './helpers/test-app';
import { listen, openSocket, sessionCookie } from './helpers/ws-client';

type Agent = ReturnType<typeof request.agent>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Calls per hour per token here: small enough to reach, large enough for every other test's token. */
const TOKEN_LIMIT = 20;
const RANGE = 'startDate=2026-06-01&endDate=2026-07-01';
const TOKEN_SHAPE = /^eip_[A-Za-z0-9_-]{43}$/;

/** Collects the JSON log lines the app writes. */
class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(chunk.toString());
    done();
  }
}

describe('personal API tokens', () => {
  const log = new LogCapture();
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await TestApp.start({ TOKEN_RATE_LIMIT: String(TOKEN_LIMIT), LOG_LEVEL: 'debug' }, { logDestination: log });
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  /** A token of the signed-in `agent`'s user, made through the API (the session is fresh: no re-authentication). */
  async function tokenOf(agent: Agent, scopes: string[], expiresInDays = 30): Promise<{ id: number; token: string }> {
    const res = await agent.post('/api/user/tokens').send({ name: `Skript ${scopes.length}`, scopes, expiresInDays }).expect(201);
    return { id: res.body.id, token: res.body.token };
  }
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const tokenRows = async (userId: number) => db.query('SELECT * FROM api_tokens WHERE user_id = $1 ORDER BY id', [userId]);
  const auditActions = async (userId: number): Promise<string[]> =>
    (await db.query("SELECT action FROM admin_audit_log WHERE target_user_id = $1 AND action LIKE 'token.%' ORDER BY id", [userId])).map((r: { action: string }) => r.action);
  const expectTokenScope = (res: request.Response) => {
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('token_scope');
  };
  const expectInvalidToken = (res: request.Response, code: string) => {
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(code);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="eierportal", error="invalid_token"');
  };

  it('makes a token shown once, lists it without the secret, stores only its hash, and revokes it', async () => {
    const { agent, user } = await t.loginAs('user');
    const res = await agent.post('/api/user/tokens').send({ name: ' Regnskap ', scopes: ['payouts:read', 'calendar:read'], expiresInDays: 90 }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Regnskap',
      scopes: ['payouts:read', 'calendar:read'],
      tokenStart: res.body.token.slice(0, 8),
      createdAt: t.clock.now().toISOString(),
      expiresAt: new Date(t.clock.now().getTime() + 90 * DAY).toISOString(),
      lastUsedAt: null,
      token: expect.stringMatching(TOKEN_SHAPE),
    });
    const listed = (await agent.get('/api/user/tokens').expect(200)).body;
    expect(listed).toEqual([{ ...res.body, token: undefined }].map(({ token: _token, ...rest }) => rest));
    expect(JSON.stringify(listed)).not.toContain(res.body.token);
    // The database holds the SHA-256 and the first characters, never the token.
    const [row] = await tokenRows(user.id);
    expect(JSON.stringify(row)).not.toContain(res.body.token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    await agent.delete(`/api/user/tokens/${res.body.id}`).expect(200);
    expect((await agent.get('/api/user/tokens').expect(200)).body).toEqual([]);
    expect(await auditActions(user.id)).toEqual(['token.created', 'token.revoked']);
    // The owner is told of the new token by mail (no SMTP_URL here: recorded as not sent), without the secret.
    const mails = await db.query('SELECT subject, text FROM mail_outbox WHERE "to" = $1', [user.email]);
    expect(mails).toEqual([{ subject: 'En ny API-nøkkel ble laget på kontoen din', text: expect.stringContaining('«Regnskap»') }]);
    expect(mails[0].text).toContain('payouts:read, calendar:read');
    expect(mails[0].text).not.toContain(res.body.token);
    // Revoked: its next call is refused, and a second revoke finds nothing.
    expectInvalidToken(await request(t.server).get(`/api/events?${RANGE}`).set(bearer(res.body.token)), 'token_invalid');
    expect((await agent.delete(`/api/user/tokens/${res.body.id}`).expect(404)).body.code).toBe('token_not_found');
  });

  it('asks for a recent re-authentication to make a token, and changes nothing without one', async () => {
    const { agent, user } = await t.loginAs('user');
    t.clock.advance(11 * MINUTE);
    const res = await agent.post('/api/user/tokens').send({ name: 'Sent', scopes: ['calendar:read'], expiresInDays: 7 }).expect(403);
    expect(res.body.code).toBe('reauth_required');
    expect(await tokenRows(user.id)).toEqual([]);
    await agent.post('/api/user/reauth').send({ password: PASSWORD }).expect(200);
    await agent.post('/api/user/tokens').send({ name: 'Sent', scopes: ['calendar:read'], expiresInDays: 7 }).expect(201);
  });

  it('refuses bad input with a code and stores nothing: unknown scopes, no scopes, expiry outside 1-365 days, no name', async () => {
    const { agent, user } = await t.loginAs('user');
    const bad = [
      { name: 'A', scopes: ['calendar:read', 'repo'], expiresInDays: 30 },
      { name: 'A', scopes: [], expiresInDays: 30 },
      { name: 'A', scopes: 'calendar:read', expiresInDays: 30 },
      { name: 'A', scopes: ['calendar:read'], expiresInDays: 0 },
      { name: 'A', scopes: ['calendar:read'], expiresInDays: 366 },
      { name: 'A', scopes: ['calendar:read'], expiresInDays: 1.5 },
      { name: 'A', scopes: ['calendar:read'] },
      { name: '  ', scopes: ['calendar:read'], expiresInDays: 30 },
    ];
    for (const body of bad) {
      const res = await agent.post('/api/user/tokens').send(body);
      expect([res.status, res.body.code]).toEqual([400, 'validation']);
    }
    const unknown = await agent.post('/api/user/tokens').send(bad[0]);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'scopes', code: 'invalid_choice' })]);
    expect(await tokenRows(user.id)).toEqual([]);
  });

  it('gives the staff scopes to staff only: admin:read to admins and mini admins, admin:write to admins', async () => {
    const owner = await t.loginAs('user');
    for (const scopes of [['admin:read'], ['calendar:read', 'admin:write']]) {
      const res = await owner.agent.post('/api/user/tokens').send({ name: 'Stab', scopes, expiresInDays: 30 }).expect(403);
      expect(res.body.code).toBe('token_scope_staff_only');
    }
    expect(await tokenRows(owner.user.id)).toEqual([]);
    const mini = await t.loginAs('miniAdmin');
    expect((await mini.agent.post('/api/user/tokens').send({ name: 'Stab', scopes: ['admin:write'], expiresInDays: 30 }).expect(403)).body.code).toBe('token_scope_staff_only');
    const miniToken = await tokenOf(mini.agent, ['admin:read']);
    await request(t.server).get('/api/admin/users').set(bearer(miniToken.token)).expect(200);
    const admin = await t.loginAs('admin');
    const adminToken = await tokenOf(admin.agent, ['admin:read', 'admin:write']);
    await request(t.server).get('/api/admin/users').set(bearer(adminToken.token)).expect(200);
    await request(t.server).post(`/api/admin/users/${owner.user.id}/block`).set(bearer(adminToken.token)).send({ reason: 'Test' }).expect(200);
  });

  it('calls the routes its scopes allow as its owner, without a session, a cookie or the CSRF check', async () => {
    const { agent, user } = await t.loginAs('user');
    const read = await tokenOf(agent, ['calendar:read']);
    const write = await tokenOf(agent, ['calendar:write']);
    const res = await request(t.server).get(`/api/events?${RANGE}`).set(bearer(read.token)).expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expectTokenScope(await request(t.server).post('/api/events').set(bearer(read.token)).send({ title: 'Nei', startTime: '2026-06-10T10:00:00Z', endTime: '2026-06-10T12:00:00Z' }));
    // A write scope holds its read scope; another part's scope holds neither.
    await request(t.server).get(`/api/events?${RANGE}`).set(bearer(write.token)).expect(200);
    expectTokenScope(await request(t.server).get('/api/cases').set(bearer(write.token)));
    // A foreign page's Origin does not matter: a token call never rides on a cookie.
    const made = await request(t.server)
      .post('/api/events')
      .set({ ...bearer(write.token), Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
      .send({ title: 'Fra skript', startTime: '2026-06-10T10:00:00Z', endTime: '2026-06-10T12:00:00Z' })
      .expect(201);
    expect(made.headers['set-cookie']).toBeUndefined();
    const listed = (await agent.get(`/api/events?${RANGE}`).expect(200)).body as { id: number; title: string }[];
    expect(listed.map((e) => e.title)).toContain('Fra skript');
    // No session is made for a token call.
    expect(await db.query('SELECT count(*)::int AS n FROM session WHERE user_id = $1', [user.id])).toEqual([{ n: 1 }]);
  });

  it("acts with the owner's rights only: another owner's property is not found, as it is for the owner", async () => {
    const owner = await t.loginAs('user');
    const other = await t.createUser('user');
    const theirs = await t.propertyOf(other);
    const { token } = await tokenOf(owner.agent, ['calendar:read']);
    await owner.agent.get(`/api/properties/${theirs.id}`).expect(404);
    expect((await request(t.server).get(`/api/properties/${theirs.id}`).set(bearer(token)).expect(404)).body.code).toBe('property_not_found');
    // The property guard answers the token as it answers its owner.
    expect((await request(t.server).get(`/api/events?${RANGE}&propertyId=${theirs.id}`).set(bearer(token)).expect(404)).body.code).toBe('property_not_found');
  });

  it('never manages tokens, passwords, two-factor, the e-mail, the account number or sessions, with every scope', async () => {
    const admin = await t.loginAs('admin');
    const { id, token } = await tokenOf(admin.agent, [...TOKEN_SCOPES]);
    const calls: [string, string, object?][] = [
      ['get', '/api/user/tokens'],
      ['post', '/api/user/tokens', { name: 'Ny', scopes: ['calendar:read'], expiresInDays: 30 }],
      ['delete', `/api/user/tokens/${id}`],
      ['put', '/api/user/password', { newPassword: 'nytt-passord-123' }],
      ['post', '/api/user/2fa/setup'],
      ['get', '/api/user/2fa'],
      ['put', '/api/user/profile', { name: 'Navn', email: 'ny@example.com' }],
      ['get', '/api/user'],
      ['get', '/api/user/sessions'],
      ['post', '/api/user/reauth', { password: PASSWORD }],
      ['post', `/api/admin/users/${admin.user.id}/change-password`, { newPassword: 'nytt-passord-123' }],
      ['post', '/api/logout'],
      ['get', '/api/health'],
    ];
    for (const [method, path, body] of calls) {
      const res = await (request(t.server) as unknown as Record<string, (p: string) => request.Test>)[method](path).set(bearer(token)).send(body);
      expect([path, res.status, res.body.code]).toEqual([path, 403, 'token_scope']);
    }
    // The account's e-mail through the back office needs a re-authentication, which a token never has.
    const target = await t.createUser('user');
    expect((await request(t.server).put(`/api/admin/users/${target.id}`).set(bearer(token)).send({ email: 'annen@example.com' }).expect(403)).body.code).toBe('reauth_required');
    expect(await tokenRows(admin.user.id)).toHaveLength(1);
  });

  it('is refused with 401 and WWW-Authenticate when unknown, malformed, expired, revoked or its owner is blocked', async () => {
    const { agent, user } = await t.loginAs('user');
    expectInvalidToken(await request(t.server).get(`/api/events?${RANGE}`).set(bearer('eip_' + 'A'.repeat(43))), 'token_invalid');
    expectInvalidToken(await request(t.server).get(`/api/events?${RANGE}`).set(bearer('ghp_abcdef')), 'token_invalid');
    expectInvalidToken(await request(t.server).get(`/api/events?${RANGE}`).set({ Authorization: 'Bearer' }), 'token_invalid');
    const short = await tokenOf(agent, ['calendar:read'], 1);
    await request(t.server).get(`/api/events?${RANGE}`).set(bearer(short.token)).expect(200);
    t.clock.advance(DAY);
    expectInvalidToken(await request(t.server).get(`/api/events?${RANGE}`).set(bearer(short.token)), 'token_expired');
    const live = await tokenOf((await t.loginAs(user)).agent, ['calendar:read']);
    await db.query('UPDATE users SET is_blocked = true WHERE id = $1', [user.id]);
    expectInvalidToken(await request(t.server).get(`/api/events?${RANGE}`).set(bearer(live.token)), 'token_owner_blocked');
    await db.query('UPDATE users SET is_blocked = false WHERE id = $1', [user.id]);
    await request(t.server).get(`/api/events?${RANGE}`).set(bearer(live.token)).expect(200);
  });

  it('refuses a token in the query string before anything runs, valid or not', async () => {
    const { agent, user } = await t.loginAs('user');
    const { token } = await tokenOf(agent, ['calendar:read', 'calendar:write']);
    for (const path of [`/api/events?${RANGE}&access_token=${token}`, `/api/events?${RANGE}&token=${token}`, `/api/events?access_token=x`]) {
      const res = await request(t.server).get(path);
      expect([res.status, res.body.code]).toEqual([400, 'token_in_query']);
    }
    const res = await request(t.server).post(`/api/events?access_token=${token}`).send({ title: 'Fra adressen', startTime: '2026-06-10T10:00:00Z', endTime: '2026-06-10T12:00:00Z' });
    expect([res.status, res.body.code]).toEqual([400, 'token_in_query']);
    expect(await db.query(`SELECT count(*)::int AS n FROM events WHERE title = 'Fra adressen'`)).toEqual([{ n: 0 }]);
    expect((await tokenRows(user.id))[0].last_used_at).toBeNull();
  });

  it('never opens /ws, with or without a session cookie beside it', async () => {
    const port = await listen(t);
    const user = await t.createUser('user');
    const cookie = await sessionCookie(t, user);
    const { token } = await tokenOf((await t.loginAs(user)).agent, [...TOKEN_SCOPES.filter((s) => !s.startsWith('admin'))]);
    await expect(openSocket(port, bearer(token))).rejects.toMatchObject({ status: 401 });
    await expect(openSocket(port, { ...bearer(token), cookie })).rejects.toMatchObject({ status: 401 });
    const socket = await openSocket(port, { cookie });
    socket.ws.close();
    await socket.closed;
  });

  it('notes its last use at most once a minute', async () => {
    const { agent } = await t.loginAs('user');
    const { id, token } = await tokenOf(agent, ['calendar:read']);
    const lastUsed = async () => ((await agent.get('/api/user/tokens').expect(200)).body as { id: number; lastUsedAt: string | null }[]).find((x) => x.id === id)!.lastUsedAt;
    const first = t.clock.now().toISOString();
    await request(t.server).get(`/api/events?${RANGE}`).set(bearer(token)).expect(200);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(30_000);
    await request(t.server).get(`/api/events?${RANGE}`).set(bearer(token)).expect(200);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31_000);
    await request(t.server).get(`/api/events?${RANGE}`).set(bearer(token)).expect(200);
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
  });

  it('has its own budget of calls per token: 429 token_rate_limited past it, other tokens unaffected', async () => {
    const { agent } = await t.loginAs('user');
    const spent = await tokenOf(agent, ['calendar:read']);
    const other = await tokenOf(agent, ['calendar:read']);
    for (let i = 0; i < TOKEN_LIMIT; i++) await request(t.server).get(`/api/events?${RANGE}`).set(bearer(spent.token)).expect(200);
    const res = await request(t.server).get(`/api/events?${RANGE}`).set(bearer(spent.token)).expect(429);
    expect(res.body.code).toBe('token_rate_limited');
    await request(t.server).get(`/api/events?${RANGE}`).set(bearer(other.token)).expect(200);
    // The owner's session has no such budget.
    await agent.get(`/api/events?${RANGE}`).expect(200);
    t.clock.advance(61 * MINUTE);
    await request(t.server).get(`/api/events?${RANGE}`).set(bearer(spent.token)).expect(200);
  });

  it('puts no token in any log line', () => {
    expect(log.lines.length).toBeGreaterThan(0);
    const text = log.lines.join('\n');
    expect(text).not.toMatch(/eip_[A-Za-z0-9_-]{8}/);
  });

  it('every route decides whether a token may call it, and the API document says which scope', async () => {
    const undecided = registeredRoutes(t).filter((r) => !r.tokenScope).map((r) => r.route);
    expect(undecided).toEqual([]);
    const doc = (await request(t.server).get('/api/docs-json').expect(200)).body as OpenAPIObject;
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    let scoped = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item) as [string, Record<string, unknown>][]) {
        const scope = operation['x-token-scope'] as string | undefined;
        expect([method, path, scope === NO_TOKENS || TOKEN_SCOPES.includes(scope as never)]).toEqual([method, path, true]);
        const bearerSecurity = ((operation.security ?? []) as Record<string, string[]>[]).filter((s) => s.bearer);
        expect([method, path, bearerSecurity]).toEqual([method, path, scope === NO_TOKENS ? [] : [{ bearer: [scope] }]]);
        if (scope !== NO_TOKENS) scoped++;
      }
    }
    expect(scoped).toBeGreaterThan(50);
    expect(doc.paths['/api/user/tokens'].post?.security).toEqual([{ session: [] }]);
  });
});
