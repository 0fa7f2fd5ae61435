import { HttpException } from '@nestjs/common';
import { coded } from '../common/http-exception.filter';

/** Work waiting for one user beyond which a request is refused at once rather than queued. */
const MAX_WAITING = 4;

/**
 * At most one argon2 computation in flight per user and instance (docs/security.md#passwords): one person sending
 * many password or code checks at once takes one of the hashing threads, not all of them, so everyone else's
 * sign-in keeps its pace. Work for a user who already has MAX_WAITING waiting is refused with 429 `rate_limited`.
 */
export class Argon2Gate {
  private readonly queues = new Map<number, { tail: Promise<unknown>; size: number }>();

  run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const queue = this.queues.get(userId) ?? { tail: Promise.resolve(), size: 0 };
    if (queue.size > MAX_WAITING) return Promise.reject(new HttpException(coded('rate_limited', 'For mange forsøk. Vent litt og prøv igjen.'), 429));
    queue.size++;
    this.queues.set(userId, queue);
    const result = queue.tail.then(work);
    queue.tail = result
      .catch(() => undefined)
      .finally(() => {
        if (--queue.size === 0 && this.queues.get(userId) === queue) this.queues.delete(userId);
      });
    return result;
  }
}
