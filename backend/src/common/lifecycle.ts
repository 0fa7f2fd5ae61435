import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';

/**
 * Where the process is in its life, for the readiness check and the parts that stop taking work on SIGTERM. Once
 * `draining` is set the instance answers GET /api/health/ready with 503, so a proxy stops sending it requests, and
 * /ws refuses new sockets (docs/operations.md, Restarts).
 *
 * It also holds the database writes that run after their answer was sent (a login's rate-limit hit given back when
 * the answer has gone): the app's close waits for them before the database closes.
 */
@Injectable()
export class Lifecycle implements BeforeApplicationShutdown {
  private drainingSince?: number;
  private readonly afterAnswers = new Set<Promise<unknown>>();

  /** Keeps a write that outlives its request until it ends; the close waits for it. */
  readonly track = <T>(write: Promise<T>): Promise<T> => {
    const kept = write.catch(() => undefined).finally(() => this.afterAnswers.delete(kept));
    this.afterAnswers.add(kept);
    return write;
  };

  /** Resolves when every write kept so far has ended. */
  async settled(): Promise<void> {
    await Promise.all([...this.afterAnswers]);
  }

  /** Runs before the database closes (its module shuts down in onApplicationShutdown, after every provider's hook here). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }
}
