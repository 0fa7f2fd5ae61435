import type express from 'express';
import { rateLimit } from 'express-rate-limit';
import type { DataSource } from 'typeorm';
import type { Clock } from './adapters/clock';
import { DatabaseRateLimitStore } from './database-rate-limit.store';
import { coded } from './http-exception.filter';
import type { SessionUser } from './session-user';
import type { TokenScopeName } from './token-scope.decorator';

/** What every API token starts with, so that it is recognised (by people, and by secret scanners in a leaked file). */
export const TOKEN_PREFIX = 'eip_';

/** The token of a request that came with `Authorization: Bearer …`, once it was found valid. */
export interface RequestToken {
  id: number;
  scopes: TokenScopeName[];
  /** The token's owner: the request acts as this user, with this user's role. */
  user: SessionUser;
}

/** Why a token was refused: 401 with WWW-Authenticate, as RFC 6750 has it. */
export type TokenRefusal = 'token_invalid' | 'token_expired' | 'token_owner_blocked';

/**
 * How common finds a token's owner: the tokens module provides it under BEARER_TOKEN_LOOKUP (common imports no
 * domain). `find` hashes the token and reads the token and its owner in one statement.
 */
export interface BearerTokenLookup {
  find(token: string): Promise<RequestToken | TokenRefusal>;
}
export const BEARER_TOKEN_LOOKUP = Symbol('BearerTokenLookup');

const REFUSAL_TEXT: Record<TokenRefusal, string> = {
  token_invalid: 'API-nøkkelen er ukjent eller trukket tilbake',
  token_expired: 'API-nøkkelen er utløpt',
  token_owner_blocked: 'Kontoen som eier API-nøkkelen er sperret',
};

/** Whether the request carries a bearer token (any value): then it is judged by the token alone, never by a cookie. */
export const hasBearer = (req: { headers: { authorization?: string } }): boolean => /^bearer(\s|$)/i.test(req.headers.authorization ?? '');

/**
 * A cookie middleware (the session, its hint) that is skipped on a bearer call: a token call has no session, so it
 * neither reads nor writes one, and the same-origin check need not guard it (docs/security.md#api-tokens).
 */
export const unlessBearer = (middleware: express.RequestHandler): express.RequestHandler => (req, res, next) => (hasBearer(req) ? next() : middleware(req, res, next));

/**
 * The second way to say who a request is (the session is the first): `Authorization: Bearer eip_…` is looked up,
 * and a valid token puts itself on the request (`req.apiToken`), where the access guard takes its owner and checks
 * the route's scope. An unknown, revoked or expired token, or one whose owner is blocked, answers 401 with
 * `WWW-Authenticate: Bearer error="invalid_token"`. Each token has its own budget of calls (`limitPerHour`, on the
 * database's counts, so every instance spends the same), then 429 `token_rate_limited`.
 */
export function bearerTokens(options: { lookup: () => BearerTokenLookup; db: DataSource; clock: Clock; limitPerHour: number }): express.RequestHandler[] {
  const authenticate: express.RequestHandler = (req, res, next) => {
    if (!hasBearer(req)) return next();
    const token = (req.headers.authorization ?? '').replace(/^bearer\s*/i, '').trim();
    const refuse = (refusal: TokenRefusal) => {
      res.setHeader('WWW-Authenticate', `Bearer realm="eierportal", error="invalid_token"`);
      res.status(401).json(coded(refusal, REFUSAL_TEXT[refusal]));
    };
    if (!token.startsWith(TOKEN_PREFIX)) return refuse('token_invalid');
    options.lookup().find(token).then((found) => {
      if (typeof found === 'string') return refuse(found);
      req.apiToken = found;
      next();
    }, next);
  };
  const limit = rateLimit({
    windowMs: 3600_000,
    limit: options.limitPerHour,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => !req.apiToken,
    keyGenerator: (req) => `token:${req.apiToken!.id}`,
    validate: { xForwardedForHeader: false, keyGeneratorIpFallback: false },
    handler: (_req, res) => void res.status(429).json(coded('token_rate_limited', 'For mange kall med denne API-nøkkelen; prøv igjen senere')),
    store: new DatabaseRateLimitStore(options.db, options.clock, 'api-token'),
  });
  return [authenticate, limit];
}
