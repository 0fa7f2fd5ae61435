/**
 * One request never costs more than one argon2 verification, and one person's requests never run more than one at
 * a time (docs/security.md#passwords): recovery codes are found by their keyed lookup and verified once; codes made
 * before the lookup existed keep working.
 */
import { Secret, TOTP } from 'otpauth';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PASSWORD, TestApp } from './helpers/test-app';

import { Argon2Gate } from '../src/users/argon2-gate';
import { UsersService } from '../src/users/users.service';
import { Lifecycle } from '../src/common/lifecycle';

const codeAt = (t: TestApp, secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: t.clock.now().getTime() });

describe('argon2 work per request and per person', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ AUTH_RATE_LIMIT: '1000' })));
  afterAll(() => t.close());

  /**
   * Counts the argon2 runs (every verification and hash for a person goes through the gate) and the most that ran at
   * once while `during` runs.
   */
  async function watchVerifications(during: () => Promise<unknown>): Promise<{ calls: number; mostAtOnce: number }> {
    const original = Argon2Gate.prototype.run;
    let calls = 0;
    let running = 0;
    let mostAtOnce = 0;
    const spy = jest.spyOn(Argon2Gate.prototype, 'run').mockImplementation(function <T>(this: Argon2Gate, userId: number, work: () => Promise<T>) {
      return original.call(this, userId, async () => {
        calls++;
        mostAtOnce = Math.max(mostAtOnce, ++running);
        try {
          return await work();
        } finally {
          running--;
        }
      }) as Promise<T>;
    });
    try {
      await during();
    } finally {
      spy.mockRestore();
    }
    return { calls, mostAtOnce };
  }

  async function withTwoFactor() {
    const { agent, user } = await t.loginAs('user');
    const setup = await agent.post('/api/user/2fa/setup').expect(200);
    const enabled = await agent.post('/api/user/2fa/enable').send({ code: codeAt(t, setup.body.secret) }).expect(200);
    t.clock.advance(60_000);
    return { user, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  async function pendingStep(username: string) {
    const agent = t.anon();
    await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200);
    return agent;
  }

  it('verifies a recovery code with one argon2 run, a wrong one with none', async () => {
    const { user, recoveryCodes } = await withTwoFactor();
    const agent = await pendingStep(user.username);
    const wrong = await watchVerifications(() => agent.post('/api/login/2fa').send({ code: 'abcde-fghjk' }).expect(401));
    expect(wrong.calls).toBe(0);
    const right = await watchVerifications(() => agent.post('/api/login/2fa').send({ code: recoveryCodes[9] }).expect(200));
    expect(right.calls).toBe(1);
  });

  it('keeps codes made before the keyed lookup working, and uses each once', async () => {
    const { user, recoveryCodes } = await withTwoFactor();
    await t.app.get(DataSource).query('UPDATE user_recovery_codes SET lookup = NULL WHERE user_id = $1', [user.id]);
    const first = await pendingStep(user.username);
    await first.post('/api/login/2fa').send({ code: recoveryCodes[4] }).expect(200);
    const second = await pendingStep(user.username);
    expect((await second.post('/api/login/2fa').send({ code: recoveryCodes[4] }).expect(401)).body.code).toBe('two_factor_code_invalid');
    await second.post('/api/login/2fa').send({ code: recoveryCodes[5] }).expect(200);
  });

  it("runs one person's argon2 checks one at a time, however many requests come at once", async () => {
    const { agent, user } = await t.loginAs('user');
    const flood = await watchVerifications(() =>
      Promise.all(Array.from({ length: 5 }, (_, i) => agent.post('/api/user/reauth').send({ password: `feil-${i}` }))),
    );
    expect(flood.calls).toBeGreaterThanOrEqual(1);
    expect(flood.mostAtOnce).toBe(1);
    // Another person is not held behind the queue: their checks run beside it.
    const other = await t.createUser('user');
    const both = await watchVerifications(() =>
      Promise.all([
        ...Array.from({ length: 3 }, (_, i) => agent.post('/api/user/reauth').send({ password: `feil-${i}` })),
        t.anon().post('/api/login').send({ username: other.username, password: PASSWORD }).expect(200),
      ]),
    );
    expect(both.mostAtOnce).toBeLessThanOrEqual(2);
    expect((await t.app.get(DataSource).query("SELECT count(*)::int AS n FROM admin_audit_log WHERE target_user_id = $1 AND action = 'reauth.failed'", [user.id]))[0].n).toBeGreaterThan(0);
  });

  it('refuses a person whose queue is full before the sign-in limit counts them', async () => {
    const { agent, user } = await t.loginAs('user');
    const db = t.app.get(DataSource);
    const users = t.app.get(UsersService);
    const accountRow = createHash('sha256').update(`account-all:\0account:${user.username.toLowerCase()}`).digest('hex');
    const hits = async () => Number((await db.query('SELECT hits FROM rate_limit_hits WHERE key = $1', [accountRow]))[0]?.hits ?? 0);
    // The sign-in's own count is given back after its answer was sent; wait for that before counting.
    await t.app.get(Lifecycle).settled();
    const hitsBefore = await hits();
    // The checks wait for `release`, so the queue stays full for as long as the refusals take to arrive (on a busy
    // machine a check could otherwise end, and free a place, before the next request reaches the door).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const original = Argon2Gate.prototype.run;
    const spy = jest.spyOn(Argon2Gate.prototype, 'run').mockImplementation(function <T>(this: Argon2Gate, userId: number, work: () => Promise<T>, options?: Parameters<Argon2Gate['run']>[2]) {
      return original.call(this, userId, async () => {
        await held;
        return work();
      }, options) as Promise<T>;
    });
    try {
      // Five wrong guesses fill the person's queue (one running, four waiting)...
      const filling = Array.from({ length: 5 }, (_, i) => agent.post('/api/user/reauth').send({ password: `feil-${i}` }).then((res) => res));
      while (!users.hashingRefused({ userId: user.id })) await new Promise((resolve) => setTimeout(resolve, 2));
      // ...so the next ones are refused at the door, by the session's user or by the sign-in name however it is spelled.
      const refused = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => agent.post('/api/user/reauth').send({ password: `feil-x${i}` })),
        t.anon().post('/api/login').send({ username: ` ${user.username.toUpperCase()} `, password: 'feil-login' }),
      ]);
      for (const res of refused) {
        expect(res.status).toBe(429);
        expect(res.body.code).toBe('rate_limited');
        expect(res.headers['retry-after']).toBe('1');
      }
      release();
      await Promise.all(filling);
    } finally {
      release();
      spy.mockRestore();
    }
    // Only the checked guesses count; the refused ones were never guesses.
    expect((await hits()) - hitsBefore).toBe(5);
  });
});
