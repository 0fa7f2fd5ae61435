import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id that follows one piece of work: set from the request (its sane `X-Request-Id`, or a new one), carried
 * into the jobs it sends (pg-boss job data `requestId`) and into their log lines (docs/operations.md, Logs).
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** What a client may send as its request id: short, no spaces or control characters, nothing to inject into a log. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(incoming: unknown): string {
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

export function withRequestId<T>(requestId: string, fn: () => T): T {
  return context.run({ requestId }, fn);
}
