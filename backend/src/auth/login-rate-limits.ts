import type express from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { DataSource } from 'typeorm';
import type { Clock } from '../common/adapters/clock';
import { DatabaseRateLimitStore } from '../common/database-rate-limit.store';
import { userReadWithSession } from '../common/session-user';
import { accountKey } from '../common/text/account-key';

/** An IPv6 client is counted by its /56, the block one household or office is usually given. */
const IPV6_CLIENT_PREFIX = 56;
const WINDOW_MS = 15 * 60 * 1000;

/**
 * The client address: Express's req.ip, which reads X-Forwarded-For only as far as TRUST_PROXY trusts the hops
 * (app.factory sets `trust proxy`), so behind a proxy each person is counted by their own address, and nobody can
 * choose theirs by sending the header past an untrusted hop.
 */
function clientKey(req: express.Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '', IPV6_CLIENT_PREFIX);
}

/** The route as Express matched it: paths match without regard to case or a trailing slash, so the key must too. */
function routeOf(req: express.Request): string {
  return `${req.baseUrl}${req.path}`.toLowerCase().replace(/\/+$/, '');
}

/** Whom an attempt is against: an account (by sign-in name, and by id when a session names it), or a reset token. */
interface AttemptTarget {
  account?: string;
  userId?: number;
  token?: string;
}

/**
 * A password step is against the account it names, a reset attempt against its token (tokens are case-sensitive,
 * kept as sent); every other attempt (a sign-in code, a re-authentication, however its path is spelled) against the
 * account the session names, never one the body chooses. The user row the session store read with the session names
 * the account as sign-in does.
 */
function attemptTarget(req: express.Request): AttemptTarget | undefined {
  const body = req.body as { username?: unknown; token?: unknown } | undefined;
  const route = routeOf(req);
  if (route === '/api/login') return typeof body?.username === 'string' ? { account: accountKey(body.username) } : undefined;
  if (route === '/api/reset-password') return typeof body?.token === 'string' ? { token: body.token } : undefined;
  const pending = req.session?.twoFactorPending;
  if (pending) return { account: accountKey(pending.username), userId: pending.userId };
  const userId = req.session?.userId;
  if (userId === undefined) return undefined;
  const username = (userReadWithSession(req.session) as { username?: unknown } | undefined)?.username;
  return { account: typeof username === 'string' ? accountKey(username) : undefined, userId };
}

/**
 * The key an attempt counts against: wrong codes and wrong passwords at one account share one budget
 * (docs/operations.md#login-limits).
 */
export function attemptKey(req: express.Request): string {
  const target = attemptTarget(req);
  if (target?.token !== undefined) return `token:${target.token}`;
  if (target?.account !== undefined) return `account:${target.account}`;
  if (target?.userId !== undefined) return `user:${target.userId}`;
  return 'none';
}

const TOO_MANY = { message: 'For mange forsøk. Vent litt og prøv igjen.', code: 'rate_limited' };

/**
 * Refuses at once (429) a password step, code or re-authentication for a person whose argon2 queue is full
 * (users/argon2-gate.ts), before the limiters count it or anything else is read: a flood of them then costs the
 * server next to nothing, and counts as no guess, since none was checked (docs/security.md#passwords). The person is
 * the one the attempt is against (attemptTarget), by id where a session names them.
 */
export function refuseWhileHashing(hashingRefused: (who: { userId?: number; account?: string }) => boolean): express.RequestHandler {
  return (req, res, next) => {
    const target = attemptTarget(req);
    if (target && target.token === undefined && hashingRefused(target)) {
      res.setHeader('Retry-After', '1').status(429).json(TOO_MANY);
      return;
    }
    next();
  };
}

/**
 * Login and password reset count failed attempts (a successful login costs nothing) in three windows of 15 minutes:
 * per client and account, so one attacker cannot lock everybody out of one account; per client across all
 * accounts and tokens (five times as many), so spraying usernames or guessing reset tokens is limited too; and per
 * account across all clients (five times as many as per client), so no number of addresses buys more guesses at one
 * account. The counts live in the database (DatabaseRateLimitStore), so every instance enforces the same budget.
 */
export function loginRateLimits(perAccount: number, db: DataSource, clock: Clock, track?: <T>(write: Promise<T>) => Promise<T>) {
  const common = {
    windowMs: WINDOW_MS,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    // A correct non-admin login that maintenance mode refuses (503, only after the password was checked) is no failed
    // guess either; a reset during maintenance is refused before its token is looked at.
    requestWasSuccessful: (_req: express.Request, res: express.Response) => res.statusCode < 400 || res.statusCode === 503,
    // An X-Forwarded-For past an untrusted hop is any client's to write; ignoring it is the point, not a mistake.
    validate: { xForwardedForHeader: false },
    handler: (_req: express.Request, res: express.Response) => res.status(429).json(TOO_MANY),
  };
  return [
    rateLimit({ ...common, limit: perAccount * 5, keyGenerator: clientKey, identifier: 'per-client', store: new DatabaseRateLimitStore(db, clock, 'per-client:', track) }),
    rateLimit({
      ...common,
      limit: perAccount,
      keyGenerator: (req) => `${clientKey(req)}|${attemptKey(req)}`,
      identifier: 'per-account',
      store: new DatabaseRateLimitStore(db, clock, 'per-account:', track),
    }),
    rateLimit({
      ...common,
      limit: perAccount * 5,
      keyGenerator: attemptKey,
      // Attempts that name no account are the per-client limit's alone: one shared count would let anyone lock all out.
      skip: (req) => attemptKey(req) === 'none',
      identifier: 'per-account-all-clients',
      store: new DatabaseRateLimitStore(db, clock, 'account-all:', track),
    }),
  ];
}
