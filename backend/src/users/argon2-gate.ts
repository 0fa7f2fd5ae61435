import { HttpException } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { coded } from '../common/http-exception.filter';

/** Work waiting for one user beyond which a request is refused at once rather than queued. */
const MAX_WAITING = 4;

export const argon2Refusal = () => new HttpException(coded('rate_limited', 'For mange forsøk. Vent litt og prøv igjen.'), 429);

interface Queue {
  tail: Promise<unknown>;
  size: number;
  /** The sign-in name the queue is known by while it runs (accountKey), for the check before a password step. */
  account?: string;
}

/**
 * At most one argon2 computation in flight per user and instance (docs/security.md#passwords): one person sending
 * many password or code checks at once takes one of the hashing threads, not all of them, so everyone else's
 * sign-in keeps its pace. After a failed verification the person's next one waits as long as the failed one took,
 * so wrong guesses hold at most half a thread. Work for a user who already has MAX_WAITING waiting is refused with
 * 429 `rate_limited`; `refuses` answers the same before a request has cost anything else (the limiter's counts,
 * the user's row: login-rate-limits.ts), which is what keeps a flood cheap.
 */
export class Argon2Gate {
  private readonly queues = new Map<number, Queue>();
  private readonly byAccount = new Map<string, Queue>();

  refuses(who: { userId?: number; account?: string }): boolean {
    const queue = who.userId !== undefined ? this.queues.get(who.userId) : who.account !== undefined ? this.byAccount.get(who.account) : undefined;
    return (queue?.size ?? 0) > MAX_WAITING;
  }

  /** `failed` tells a wrong guess from a right one (a verification's false); `account` is the user's accountKey. */
  run<T>(userId: number, work: () => Promise<T>, options: { failed?: (result: T) => boolean; account?: string } = {}): Promise<T> {
    let queue = this.queues.get(userId);
    if (!queue) this.queues.set(userId, (queue = { tail: Promise.resolve(), size: 0 }));
    if (options.account !== undefined && queue.account === undefined) {
      queue.account = options.account;
      this.byAccount.set(options.account, queue);
    }
    if (queue.size > MAX_WAITING) return Promise.reject(argon2Refusal());
    queue.size++;
    let pauseMs = 0;
    const result = queue.tail.then(async () => {
      const began = performance.now();
      const value = await work();
      if (options.failed?.(value)) pauseMs = performance.now() - began;
      return value;
    });
    const current = queue;
    current.tail = result
      .catch(() => undefined)
      .then(() => (pauseMs > 0 ? sleep(pauseMs) : undefined))
      .finally(() => {
        if (--current.size > 0 || this.queues.get(userId) !== current) return;
        this.queues.delete(userId);
        if (current.account !== undefined && this.byAccount.get(current.account) === current) this.byAccount.delete(current.account);
      });
    return result;
  }
}
