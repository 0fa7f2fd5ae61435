/**
 * The Beds24 API v2 client (facts: docs/interop.md#beds24-api-v2). What it guarantees, because the client it replaces did not:
 * - access tokens come from the refresh token, live as long as the answer's `expiresIn` says and are reused until
 *   then (each new one costs credits); a 401 gets one refresh and retry, a second 401 is a Beds24AuthError (the
 *   configuration needs new credentials). A long-life token is itself the access token.
 * - every booking query sends `propertyId` and all six statuses (Beds24 leaves cancelled bookings out otherwise), and
 *   every returned row is checked against the property (a credential reaches the whole account).
 * - pages are read until `pages.nextPageExists` is false, at most MAX_PAGES; a cut-off read says so (`complete: false`).
 *   Each page is asked of our own base URL with `page=N` and the same parameters: `nextPageLink` names a host of
 *   Beds24's choosing (api.beds24.com), and the token is never sent where a response points.
 * - calls of one account (one credential) run one at a time, and wait when the five-minute credit budget runs low
 *   (`x-five-min-limit-remaining`) or on 429 until `x-five-min-limit-resets-in` has passed; a wait longer than
 *   MAX_WAIT_SECONDS fails the call instead of holding a worker.
 * Nothing here logs or returns a credential or token.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Clock } from '../common/adapters/clock';
import { HttpClient, HttpError } from '../common/adapters/http-client';
import { sha256Hex } from '../common/secrets';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** Every status Beds24 knows; asked for explicitly so that cancellations are seen. */
export const BEDS24_STATUSES = ['confirmed', 'request', 'new', 'cancelled', 'black', 'inquiry'] as const;
export type Beds24Status = (typeof BEDS24_STATUSES)[number];

/** Beds24 pages hold 100 bookings; 100 pages is far beyond a five-year window of one property. */
export const MAX_PAGES = 100;
/** Below this many credits left in the five-minute window, calls wait for the window to reset. */
export const LOW_CREDITS = 10;
/** The longest a call waits for the credit window; beyond it the call fails and the next scheduled sync tries again. */
export const MAX_WAIT_SECONDS = 30;
/** A token this close to its expiry is renewed before use. */
const TOKEN_MARGIN_MS = 60_000;
/** The longest one Beds24 call may take. */
export const BEDS24_TIMEOUT_MS = 30_000;
const MAX_BYTES = 20 * 1024 * 1024;

/** The fields of a Beds24 booking the sync reads (the rest, guest contact data included, is never kept). */
export interface Beds24Booking {
  id: number;
  propertyId: number;
  status: Beds24Status;
  /** Check-in day, 'YYYY-MM-DD'. */
  arrival: string;
  /** Check-out day: the nights are [arrival, departure). */
  departure: string;
  numAdult: number;
  numChild: number;
  firstName: string;
  channel: string;
  apiReference: string;
  modifiedTime: string;
}

export type Beds24ErrorKind = 'auth' | 'rate-limit' | 'http' | 'network' | 'invalid';

/** A failed call; its message is safe to store and show (no token, no URL). */
export class Beds24Error extends Error {
  constructor(
    readonly kind: Beds24ErrorKind,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/** A credential that Beds24 refuses even after a fresh token: the owner must give a new one. */
export class Beds24AuthError extends Beds24Error {
  constructor(message: string) {
    super('auth', message, 401);
  }
}

/** One account's credential as a caller holds it, with the access token it may reuse and a way to keep a new one. */
export interface Beds24Credential {
  kind: 'refresh' | 'longLife';
  /** The refresh token or the long-life token. */
  secret: string;
  token: { value: string; expiresAt: Date } | null;
  /** Called with each new access token, so the next call (or the next instance) reuses it. */
  saveToken?: (value: string, expiresAt: Date) => Promise<void>;
}

export interface BookingsQuery {
  propertyId: number;
  departureFrom: string;
  arrivalTo: string;
}

export interface BookingsPull {
  bookings: Beds24Booking[];
  /** False when the page cap cut the read short or a row could not be read: nothing may be inferred from absences. */
  complete: boolean;
  pages: number;
  /** Rows of another property the answer held (dropped). */
  foreignRows: number;
  /** Rows that could not be read (dropped). */
  badRows: number;
}

export interface TokenDetails {
  validToken: boolean;
  scopes: string[];
  /** Null: the token reaches every property of the account. */
  onlyPropertyId: number | null;
  linkedProperties: boolean;
}

interface Budget {
  /** Monotonic time (performance.now) until which calls wait. */
  pausedUntil: number;
  /** The tail of this account's chain of calls. */
  tail: Promise<unknown>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A row as the sync may use it, or null when it lacks what a booking needs. */
export function readBooking(row: unknown): Beds24Booking | null {
  if (!row || typeof row !== 'object') return null;
  const r = row as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);
  if (!Number.isInteger(r.id) || !Number.isInteger(r.propertyId)) return null;
  if (!BEDS24_STATUSES.includes(r.status as Beds24Status)) return null;
  if (typeof r.arrival !== 'string' || typeof r.departure !== 'string' || !DATE.test(r.arrival) || !DATE.test(r.departure)) return null;
  if (r.departure < r.arrival) return null;
  return {
    id: r.id as number,
    propertyId: r.propertyId as number,
    status: r.status as Beds24Status,
    arrival: r.arrival,
    departure: r.departure,
    numAdult: count(r.numAdult),
    numChild: count(r.numChild),
    firstName: text(r.firstName),
    channel: text(r.channel),
    apiReference: text(r.apiReference),
    modifiedTime: text(r.modifiedTime),
  };
}

/** The message of a v2 error body ({ success: false, error }), or the bare status. */
function errorText(status: number, body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8'));
    if (parsed && typeof parsed.error === 'string') return `HTTP ${status}: ${parsed.error.slice(0, 200)}`;
  } catch {
    // not JSON
  }
  return `HTTP ${status}`;
}

function header(headers: IncomingHttpHeaders, name: string): number | null {
  const raw = headers[name];
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw === undefined || !Number.isFinite(value) ? null : value;
}

@Injectable()
export class Beds24Client {
  private readonly budgets = new Map<string, Budget>();

  constructor(
    private readonly http: HttpClient,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private url(path: string, params: [string, string][] = []): string {
    const url = new URL(`${this.config.beds24.apiUrl.replace(/\/+$/, '')}${path}`);
    for (const [k, v] of params) url.searchParams.append(k, v);
    return url.toString();
  }

  /**
   * Runs `fn` after every earlier call of the same account has ended (an in-process chain per credential: calls of
   * one account never overlap, whichever configurations share it).
   */
  private serialised<T>(accountKey: string, fn: (budget: Budget) => Promise<T>): Promise<T> {
    let budget = this.budgets.get(accountKey);
    if (!budget) this.budgets.set(accountKey, (budget = { pausedUntil: 0, tail: Promise.resolve() }));
    const b = budget;
    const run = b.tail.then(() => fn(b));
    b.tail = run.catch(() => undefined);
    return run;
  }

  /** Waits out a paused credit window, or fails when the wait is longer than MAX_WAIT_SECONDS. */
  private async waitForBudget(budget: Budget): Promise<void> {
    const wait = budget.pausedUntil - performance.now();
    if (wait <= 0) return;
    if (wait > MAX_WAIT_SECONDS * 1000) throw new Beds24Error('rate-limit', `Beds24 credit limit reached; resets in ${Math.ceil(wait / 1000)} s`, 429);
    await sleep(wait);
  }

  /** Reads the credit headers every answer carries; low credits pause the account until the window resets. */
  private noteBudget(budget: Budget, headers: IncomingHttpHeaders, status: number): void {
    const remaining = header(headers, 'x-five-min-limit-remaining');
    const resetsIn = header(headers, 'x-five-min-limit-resets-in');
    if (status === 429 || (remaining !== null && remaining < LOW_CREDITS)) {
      // Without a reset time, a full window is the safe guess.
      budget.pausedUntil = performance.now() + (resetsIn ?? 300) * 1000;
    }
  }

  /** One GET with the account's budget rules: waits when paused, and after a 429 waits and tries again (twice at most). */
  private async get(budget: Budget, url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
    for (let attempt = 0; ; attempt++) {
      await this.waitForBudget(budget);
      let answer;
      try {
        answer = await this.http.get(url, { headers: { accept: 'application/json', ...headers }, timeoutMs: BEDS24_TIMEOUT_MS, maxBytes: MAX_BYTES, maxRedirects: 0, anyStatus: true });
      } catch (e) {
        throw new Beds24Error('network', e instanceof HttpError ? `Beds24: ${e.message}` : 'Beds24: network error');
      }
      this.noteBudget(budget, answer.headers, answer.status);
      if (answer.status === 429 && attempt < 2) continue;
      return { status: answer.status, body: answer.body };
    }
  }

  private static json(status: number, body: Buffer): unknown {
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw new Beds24Error('invalid', `Beds24 answered ${status} with something other than JSON`);
    }
  }

  private static failure(status: number, body: Buffer): Beds24Error {
    if (status === 429) return new Beds24Error('rate-limit', `Beds24 credit limit reached (${errorText(status, body)})`, 429);
    return new Beds24Error('http', `Beds24 ${errorText(status, body)}`, status);
  }

  /** Invite code → refresh token (and a first access token). Invite codes are single-use: exchange at once. */
  exchangeInviteCode(code: string): Promise<{ refreshToken: string; token: string; expiresAt: Date }> {
    return this.serialised(`invite:${sha256Hex(code)}`, async (budget) => {
      const { status, body } = await this.get(budget, this.url('/authentication/setup'), { code });
      if (status !== 200) throw Beds24Client.failure(status, body);
      const parsed = Beds24Client.json(status, body) as { token?: unknown; refreshToken?: unknown; expiresIn?: unknown };
      if (typeof parsed.refreshToken !== 'string' || typeof parsed.token !== 'string') throw new Beds24Error('invalid', 'Beds24 answered the invite code without a refresh token');
      return { refreshToken: parsed.refreshToken, token: parsed.token, expiresAt: this.expiry(parsed.expiresIn) };
    });
  }

  private expiry(expiresIn: unknown): Date {
    // Beds24's answer says how long the token lives (the wiki's example and text disagree); an answer without it gets an hour.
    const seconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 3600;
    return new Date(this.clock.now().getTime() + seconds * 1000);
  }

  /** A fresh access token from a refresh token; a 401 means the refresh token is dead. */
  private async refresh(budget: Budget, credential: Beds24Credential): Promise<string> {
    const { status, body } = await this.get(budget, this.url('/authentication/token'), { refreshToken: credential.secret });
    if (status === 401 || status === 403) throw new Beds24AuthError(`Beds24 refused the refresh token (${errorText(status, body)})`);
    if (status !== 200) throw Beds24Client.failure(status, body);
    const parsed = Beds24Client.json(status, body) as { token?: unknown; expiresIn?: unknown };
    if (typeof parsed.token !== 'string') throw new Beds24Error('invalid', 'Beds24 answered the refresh without a token');
    const expiresAt = this.expiry(parsed.expiresIn);
    credential.token = { value: parsed.token, expiresAt };
    await credential.saveToken?.(parsed.token, expiresAt);
    return parsed.token;
  }

  private async accessToken(budget: Budget, credential: Beds24Credential): Promise<{ token: string; fresh: boolean }> {
    if (credential.kind === 'longLife') return { token: credential.secret, fresh: true };
    const held = credential.token;
    if (held && held.expiresAt.getTime() - TOKEN_MARGIN_MS > this.clock.now().getTime()) return { token: held.value, fresh: false };
    return { token: await this.refresh(budget, credential), fresh: true };
  }

  /** An authenticated GET: a 401 on a reused token gets one refresh and retry; any other 401 is a Beds24AuthError. */
  private async authed(budget: Budget, credential: Beds24Credential, url: string): Promise<unknown> {
    let { token, fresh } = await this.accessToken(budget, credential);
    for (;;) {
      const { status, body } = await this.get(budget, url, { token });
      if (status === 200) return Beds24Client.json(status, body);
      if (status !== 401) throw Beds24Client.failure(status, body);
      if (fresh || credential.kind === 'longLife') throw new Beds24AuthError(`Beds24 refused the token (${errorText(status, body)})`);
      token = await this.refresh(budget, credential);
      fresh = true;
    }
  }

  /** What the token may do (for 'test connection'): GET /authentication/details. */
  details(credential: Beds24Credential): Promise<TokenDetails> {
    return this.serialised(sha256Hex(credential.secret), async (budget) => {
      const parsed = (await this.authed(budget, credential, this.url('/authentication/details'))) as { validToken?: unknown; token?: Record<string, unknown> };
      const token = parsed.token ?? {};
      return {
        validToken: parsed.validToken === true,
        scopes: Array.isArray(token.scopes) ? token.scopes.filter((s): s is string => typeof s === 'string') : [],
        onlyPropertyId: Number.isInteger(token.onlyPropertyId) ? (token.onlyPropertyId as number) : null,
        linkedProperties: token.linkedProperties === true,
      };
    });
  }

  /** Whether a refresh token works (a new access token is taken and handed to saveToken). */
  checkRefreshToken(credential: Beds24Credential): Promise<void> {
    return this.serialised(sha256Hex(credential.secret), async (budget) => {
      await this.refresh(budget, credential);
    });
  }

  /** Every booking of the property in the window, all statuses, every page (see the file comment). */
  bookings(credential: Beds24Credential, query: BookingsQuery): Promise<BookingsPull> {
    return this.serialised(sha256Hex(credential.secret), async (budget) => {
      const params: [string, string][] = [
        ['propertyId', String(query.propertyId)],
        ...BEDS24_STATUSES.map((s): [string, string] => ['status', s]),
        ['departureFrom', query.departureFrom],
        ['arrivalTo', query.arrivalTo],
      ];
      const pull: BookingsPull = { bookings: [], complete: true, pages: 0, foreignRows: 0, badRows: 0 };
      for (let page = 1; ; ) {
        const parsed = (await this.authed(budget, credential, this.url('/bookings', page === 1 ? params : [...params, ['page', String(page)]]))) as {
          success?: unknown; data?: unknown; pages?: { nextPageExists?: unknown; nextPageLink?: unknown };
        };
        if (parsed.success === false || !Array.isArray(parsed.data)) throw new Beds24Error('invalid', 'Beds24 answered the booking list without data');
        pull.pages++;
        for (const row of parsed.data) {
          const booking = readBooking(row);
          if (!booking) pull.badRows++;
          else if (booking.propertyId !== query.propertyId) pull.foreignRows++;
          else pull.bookings.push(booking);
        }
        if (parsed.pages?.nextPageExists !== true) break;
        if (pull.pages >= MAX_PAGES) {
          pull.complete = false;
          break;
        }
        page = nextPage(parsed.pages.nextPageLink, page);
      }
      if (pull.badRows > 0) pull.complete = false;
      return pull;
    });
  }
}

/** The page number a nextPageLink names (its `page` parameter), or the one after `current`. */
function nextPage(link: unknown, current: number): number {
  if (typeof link === 'string') {
    try {
      const page = Number(new URL(link).searchParams.get('page'));
      if (Number.isInteger(page) && page > current) return page;
    } catch {
      // not a URL
    }
  }
  return current + 1;
}
