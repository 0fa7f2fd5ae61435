import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { Secret, TOTP } from 'otpauth';
import { DataSource } from 'typeorm';
import { TwoFactorService } from '../../src/auth/two-factor.service';
import { UsersService } from '../../src/users/users.service';
import { startApp } from '../lib/app-under-test';
import { probe } from '../lib/http-probe';
import type { LoginFloodersInput, LoginFloodersMessage } from '../lib/login-flooders';
import { round, Scenario } from '../lib/scenario';

/** Another person's sign-in must answer within this while one person floods (docs/security.md#passwords). */
const MAX_P99_MS = 500;
/** Requests the flooding person keeps in flight at once. */
const FLOOD_CONCURRENCY = 16;
/** Sign-ins of the other person, one after another. */
const VICTIM_LOGINS = 40;
const PASSWORD = 'bench-flood-passord-1';

const METHOD =
  `An app of its own with the default argon2 cost and AUTH_RATE_LIMIT=100000 (so the limiter, which would cut the flood after ten ` +
  `failures, leaves the argon2 bound alone to measure). One signed-in person with two-factor sign-in, whose recovery codes carry no ` +
  `keyed lookup (the worst case: codes from before it), keeps ${FLOOD_CONCURRENCY} requests in flight from a client in a thread of its own (not on the app's event loop, as an attacker's client is not): wrong passwords at POST ` +
  `/api/user/reauth and wrong recovery-shaped codes at POST /api/login/2fa on a pending session of theirs. Meanwhile another person ` +
  `signs in ${VICTIM_LOGINS} times one after another (POST /api/login); p99 is of those sign-ins. idleP99 is the same sign-ins without the flood.`;

const json = (body: unknown) => {
  const text = JSON.stringify(body);
  return { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), text };
};

async function post(url: string, path: string, body: unknown, cookie?: string) {
  const { text, ...headers } = json(body);
  return probe(`${url}${path}`, { method: 'POST', headers: { ...headers, ...(cookie && { cookie }) }, body: text });
}

const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.ceil(ms.length * 0.99) - 1)];

/**
 * One person flooding the password and code routes does not hold up anyone else's sign-in: p99 under 500 ms. The
 * entry gates the run.
 */
export const loginFlood: Scenario = {
  name: 'login-flood',
  title: `another person's sign-in while one person floods the password and code routes (${FLOOD_CONCURRENCY} at once)`,

  async run({ db }) {
    const app = await startApp(db, { AUTH_RATE_LIMIT: '100000' });
    try {
      const users = app.app.get(UsersService);
      const twoFactor = app.app.get(TwoFactorService);
      const stamp = Date.now();
      const attacker = await users.create({ username: `bench-flood-a-${stamp}@example.com`, name: 'Bench Flood', password: PASSWORD }, null);
      const victim = await users.create({ username: `bench-flood-v-${stamp}@example.com`, name: 'Bench Victim', password: PASSWORD }, null);
      // Signed in before two-factor sign-in is on: the session the re-authentications come from.
      const signedIn = await app.login(attacker.username, PASSWORD);
      const setup = await twoFactor.setup(attacker);
      const code = new TOTP({ secret: Secret.fromBase32(setup.secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
      await twoFactor.enable(attacker, code, { browser: null, os: null, ipPrefix: null });
      await app.app.get(DataSource).query('UPDATE user_recovery_codes SET lookup = NULL WHERE user_id = $1', [attacker.id]);
      const victimLogins = async () => {
        const times: number[] = [];
        for (let i = 0; i < VICTIM_LOGINS; i++) {
          const began = performance.now();
          const res = await post(app.url, '/api/login', { username: victim.username, password: PASSWORD });
          if (res.status !== 200) throw new Error(`the other person's sign-in answered ${res.status}: ${res.body.toString()}`);
          times.push(performance.now() - began);
        }
        return times;
      };

      const idle = await victimLogins();
      const worker = new Worker(path.join(__dirname, '..', 'lib', 'login-flooders.js'), {
        workerData: { url: app.url, username: attacker.username, password: PASSWORD, signedIn, concurrency: FLOOD_CONCURRENCY } satisfies LoginFloodersInput,
      });
      const stopped = new Promise<{ requests: number; refused: number }>((resolve, reject) => {
        worker.on('message', (m: LoginFloodersMessage) => (m.type === 'stopped' ? resolve(m) : reject(new Error(`the flooders failed: ${m.error}`))));
        worker.on('error', reject);
      });
      let during: number[];
      try {
        during = await victimLogins();
      } finally {
        worker.postMessage('stop');
      }
      const { requests: floodRequests, refused } = await stopped;
      await worker.terminate();

      return [
        {
          scenario: 'login-flood',
          method: METHOD,
          figures: { p99: round(p99(during), 1), idleP99: round(p99(idle), 1), floodRequests, floodRefused: refused },
          target: { figure: 'p99', op: '<', value: MAX_P99_MS },
          enforced: true,
        },
      ];
    } finally {
      await app.close();
    }
  },
};
