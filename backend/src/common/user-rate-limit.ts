import { HttpException, HttpStatus } from '@nestjs/common';
import type express from 'express';
import { rateLimit } from 'express-rate-limit';
import type { DataSource } from 'typeorm';
import type { Clock } from './adapters/clock';
import { DatabaseRateLimitStore } from './database-rate-limit.store';
import type { SessionUser } from './session-user';

/**
 * A signed-in person's budget of one kind of write (docs/security.md, "Rate limits"): express-rate-limit on the
 * database's counts, so every instance spends the same budget. Only routes behind the access guard call it: the key
 * is the person, not the address. Resolves when the request is within the budget, rejects with a coded 429 otherwise.
 */
export function userRateLimit(options: {
  db: DataSource;
  clock: Clock;
  /** Keeps this limiter's keys apart from the others' in the shared table. */
  prefix: string;
  limit: number;
  windowMs: number;
  /** The refusal, coded as the app's other errors are (`coded(...)`). */
  refusal: () => object;
}): (req: express.Request, res: express.Response) => Promise<void> {
  const limiter = rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `user:${(req as express.Request & { user: SessionUser }).user.id}`,
    validate: { xForwardedForHeader: false, keyGeneratorIpFallback: false },
    handler: (_req, _res, next) => next(new HttpException(options.refusal(), HttpStatus.TOO_MANY_REQUESTS)),
    store: new DatabaseRateLimitStore(options.db, options.clock, options.prefix),
  });
  return (req, res) => new Promise<void>((resolve, reject) => void limiter(req, res, (e?: unknown) => (e ? reject(e) : resolve())));
}
