import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A fake Beds24 API v2 on 127.0.0.1, to the contract in docs/interop.md#the-fake-server-in-the-tests: invite-code setup (single use), token
 * refresh, token details, GET /bookings with Beds24's filters, paging (100 a page, nextPageLink on api.beds24.com),
 * the default status filter that hides cancellations, and the credit headers on every answer; switches make it
 * answer 429 or 500, refuse unknown parameters (a V1 name such as modifiedSince), or forget its access tokens.
 */
export const PROPERTY = 1001;
export const OTHER_PROPERTY = 2002;
/** The fake's "today" (TestApp's TEST_NOW): no filters at all means bookings departing from here on. */
export const FAKE_TODAY = '2026-06-01';

export type FakeBooking = Record<string, unknown> & { id: number; propertyId: number; status: string; arrival: string; departure: string };

const KNOWN_PARAMS = new Set([
  'propertyId', 'roomId', 'id', 'masterId', 'apiReference', 'channel', 'arrival', 'arrivalFrom', 'arrivalTo', 'departure', 'departureFrom', 'departureTo',
  'bookingTimeFrom', 'bookingTimeTo', 'modifiedFrom', 'modifiedTo', 'searchString', 'status', 'filter', 'includeInvoiceItems', 'includeInfoItems',
  'includeGuests', 'includeBookingGroup', 'page',
]);
const PAGE_SIZE = 100;

/** A booking with every field a real one has, guest contact data included (which the sync must not keep). */
export function booking(id: number, fields: Partial<FakeBooking> & { arrival: string; departure: string }): FakeBooking {
  return {
    id, masterId: null, propertyId: PROPERTY, roomId: 5001, unitId: 1, status: 'confirmed', subStatus: 'none', numAdult: 2, numChild: 0,
    title: '', firstName: 'Gjest', lastName: 'Etternavn', email: `gjest${id}@example.com`, phone: '+4791234567', mobile: '', address: 'Storgata 1', city: 'Oslo',
    channel: 'direct', apiSourceId: 0, apiSource: '', apiReference: '', bookingTime: '2026-01-01T10:00:00Z', modifiedTime: '2026-01-01T10:00:00Z', cancelTime: null,
    price: 4500, commission: 0, comments: '', notes: '', ...fields,
  };
}

/** The seed of §1.8, around FAKE_TODAY. */
export function seedBookings(): FakeBooking[] {
  return [
    booking(101, { arrival: '2026-06-10', departure: '2026-06-14', channel: 'airbnb', apiSourceId: 46, apiSource: 'Airbnb', apiReference: 'HMS2T3DHXA', firstName: 'Kari', lastName: 'Nordmann', numAdult: 2, numChild: 1 }),
    booking(102, { arrival: '2026-06-20', departure: '2026-06-23', channel: 'booking', apiSourceId: 19, apiSource: 'Booking.com', apiReference: '4012345678', firstName: '', lastName: '' }),
    booking(103, { arrival: '2026-07-01', departure: '2026-07-05', status: 'black', firstName: '', lastName: '', numAdult: 0 }),
    booking(104, { arrival: '2026-06-15', departure: '2026-06-18', status: 'cancelled', subStatus: 'cancelledByGuest', cancelTime: null, channel: 'airbnb', apiReference: 'HMCANCELLED' }),
    booking(105, { arrival: '2026-06-10', departure: '2026-06-12', propertyId: OTHER_PROPERTY, firstName: 'Annen' }),
    booking(106, { arrival: '2026-06-24', departure: '2026-06-27', firstName: 'Ola' }),
    booking(107, { arrival: '2026-06-27', departure: '2026-06-30', firstName: 'Per' }),
    // Straddles the window's start with 365 days of history (departureFrom 2025-06-01).
    booking(108, { arrival: '2025-05-25', departure: '2025-06-05', firstName: 'Lang' }),
    // Wholly before that window.
    booking(109, { arrival: '2025-04-01', departure: '2025-04-05', firstName: 'Gammel' }),
  ];
}

interface Credential { scopes: string[]; onlyPropertyId: number | null }

export class Beds24Server {
  bookings: FakeBooking[] = seedBookings();
  /** Invite code → the refresh token it gives (once). */
  private readonly invites = new Map<string, string>();
  private readonly usedInvites = new Set<string>();
  private readonly refreshTokens = new Map<string, Credential>();
  private readonly longLifeTokens = new Map<string, Credential>();
  private readonly accessTokens = new Map<string, Credential>();
  readonly requests: { path: string; query: URLSearchParams; headers: IncomingMessage['headers'] }[] = [];
  expiresIn = 86400;
  /** The next this many requests answer 429 with no credits left, resetting in `resetsIn` seconds. */
  tooMany = 0;
  fail500 = false;
  /** Every connection is cut before an answer: Beds24 unreachable, as the client sees a network failure. */
  unreachable = false;
  /** Refuse parameters Beds24 does not know (the V1 name modifiedSince sent to v2) with 400. */
  strict = false;
  /** Answer every property of the account whatever propertyId says (to prove the client checks rows). */
  ignorePropertyFilter = false;
  remaining = 95;
  resetsIn = 120;
  /** While set, GET /bookings answers only once it resolves: a slow Beds24 that holds a sync in the middle of its pull. */
  bookingsGate: Promise<void> | null = null;
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v2`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((ok) => this.server.close(() => ok()));
  }

  /** A new invite code, as the owner generates it in Beds24. */
  inviteCode(scopes = ['read:bookings', 'read:bookings-personal'], onlyPropertyId: number | null = null): string {
    const code = `invite-${randomBytes(6).toString('hex')}`;
    const refreshToken = `rt-${randomBytes(24).toString('hex')}`;
    this.invites.set(code, refreshToken);
    this.refreshTokens.set(refreshToken, { scopes, onlyPropertyId });
    return code;
  }

  /** A refresh token the account already has (set up outside our app). */
  refreshToken(scopes = ['read:bookings']): string {
    const token = `rt-${randomBytes(24).toString('hex')}`;
    this.refreshTokens.set(token, { scopes, onlyPropertyId: null });
    return token;
  }

  longLifeToken(scopes = ['read:bookings']): string {
    const token = `ll-${randomBytes(24).toString('hex')}`;
    this.longLifeTokens.set(token, { scopes, onlyPropertyId: null });
    return token;
  }

  /** Every access token stops working (as when they expire on Beds24's side). */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  /** The refresh tokens stop working (revoked, or unused for 30 days). */
  revokeRefreshTokens(): void {
    this.refreshTokens.clear();
    this.accessTokens.clear();
  }

  requestsTo(path: string) {
    return this.requests.filter((r) => r.path === path);
  }

  private newAccessToken(credential: Credential): string {
    const token = `at-${randomBytes(24).toString('hex')}`;
    this.accessTokens.set(token, credential);
    return token;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url!, 'http://fake');
    const path = url.pathname.replace(/^\/api\/v2/, '');
    this.requests.push({ path, query: url.searchParams, headers: req.headers });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-five-min-limit-remaining': String(this.remaining),
        'x-five-min-limit-resets-in': String(this.resetsIn),
        'x-request-cost': '1.5',
        ...headers,
      }).end(JSON.stringify(body));
    };
    const error = (status: number, message: string) => send(status, { success: false, type: 'error', code: status, error: message });
    if (this.tooMany > 0) {
      this.tooMany--;
      return send(429, { success: false, type: 'error', code: 429, error: 'Credit limit exceeded' }, { 'x-five-min-limit-remaining': '0' });
    }
    if (this.unreachable) return void req.socket.destroy();
    if (this.fail500) return error(500, 'Internal server error');
    const header = (name: string) => req.headers[name.toLowerCase()] as string | undefined;

    if (req.method === 'GET' && path === '/authentication/setup') {
      const code = header('code') ?? '';
      const refreshToken = this.invites.get(code);
      if (!refreshToken || this.usedInvites.has(code)) return error(400, 'Invalid code');
      this.usedInvites.add(code);
      return send(200, { token: this.newAccessToken(this.refreshTokens.get(refreshToken)!), expiresIn: this.expiresIn, refreshToken });
    }
    if (req.method === 'GET' && path === '/authentication/token') {
      const credential = this.refreshTokens.get(header('refreshToken') ?? '');
      if (!credential) return error(401, 'Unauthorized');
      return send(200, { token: this.newAccessToken(credential), expiresIn: this.expiresIn });
    }
    const token = header('token') ?? '';
    const credential = this.accessTokens.get(token) ?? this.longLifeTokens.get(token);
    if (!credential) return error(401, 'Token is missing or expired');

    if (req.method === 'GET' && path === '/authentication/details') {
      return send(200, {
        validToken: true,
        token: { ownerId: 7, expiresIn: this.expiresIn, scopes: credential.scopes, deviceName: 'Eierportal', linkedProperties: false, onlyPropertyId: credential.onlyPropertyId },
        diagnostics: { requestIp: '127.0.0.1' },
      });
    }
    if (req.method === 'GET' && path === '/bookings') {
      const gate = this.bookingsGate;
      if (gate) return void gate.then(() => this.listBookings(url.searchParams, send, error));
      return this.listBookings(url.searchParams, send, error);
    }
    if (req.method === 'POST' && path === '/bookings') {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const items = JSON.parse(raw) as Partial<FakeBooking>[];
        let next = Math.max(0, ...this.bookings.map((b) => b.id)) + 1;
        const answers = items.map((item) => {
          if (item.id) {
            const existing = this.bookings.find((b) => b.id === item.id);
            if (!existing) return { success: false, errors: [{ action: 'modify', message: 'not found' }] };
            Object.assign(existing, item);
            return { success: true, modified: { id: existing.id }, errors: [], warnings: [], info: [] };
          }
          const created = booking(next++, { arrival: item.arrival ?? FAKE_TODAY, departure: item.departure ?? FAKE_TODAY, ...item });
          this.bookings.push(created);
          return { success: true, new: { id: created.id }, errors: [], warnings: [], info: [] };
        });
        send(201, answers);
      });
      return;
    }
    if (req.method === 'DELETE' && path === '/bookings') {
      const ids = url.searchParams.getAll('id').map(Number);
      this.bookings = this.bookings.filter((b) => !ids.includes(b.id));
      return send(200, ids.map((id) => ({ success: true, deleted: { id } })));
    }
    error(404, 'Not found');
  }

  /** The bookings grouped by property (kept while `bookings` is the same array of the same length: the benchmark's 60,000). */
  private grouped: { of: FakeBooking[]; length: number; map: Map<number, FakeBooking[]> } | null = null;
  private byProperty(): Map<number, FakeBooking[]> {
    if (this.grouped?.of !== this.bookings || this.grouped.length !== this.bookings.length) {
      const map = new Map<number, FakeBooking[]>();
      for (const b of this.bookings) {
        const list = map.get(b.propertyId);
        if (list) list.push(b);
        else map.set(b.propertyId, [b]);
      }
      this.grouped = { of: this.bookings, length: this.bookings.length, map };
    }
    return this.grouped.map;
  }

  private listBookings(q: URLSearchParams, send: (status: number, body: unknown) => void, error: (status: number, message: string) => void): void {
    const unknown = [...q.keys()].find((k) => !KNOWN_PARAMS.has(k));
    if (this.strict && unknown) return error(400, `Unknown parameter: ${unknown}`);
    const many = (name: string) => q.getAll(name);
    const properties = many('propertyId').map(Number);
    const ids = many('id').map(Number);
    const statuses = many('status');
    const filtered = [...q.keys()].some((k) => k !== 'page');
    const candidates = properties.length && !this.ignorePropertyFilter ? properties.flatMap((p) => this.byProperty().get(p) ?? []) : this.bookings;
    let rows = candidates.filter((b) => {
      if (ids.length && !ids.includes(b.id)) return false;
      // Beds24's default: every status except cancelled.
      if (statuses.length ? !statuses.includes(b.status) : b.status === 'cancelled') return false;
      const from = (field: 'arrival' | 'departure', name: string) => !q.get(name) || b[field] >= q.get(name)!;
      const to = (field: 'arrival' | 'departure', name: string) => !q.get(name) || b[field] <= q.get(name)!;
      if (!from('arrival', 'arrivalFrom') || !to('arrival', 'arrivalTo') || !from('departure', 'departureFrom') || !to('departure', 'departureTo')) return false;
      const modified = String(b.modifiedTime).slice(0, 19);
      if ((q.get('modifiedFrom') && modified < q.get('modifiedFrom')!) || (q.get('modifiedTo') && modified > q.get('modifiedTo')!)) return false;
      return true;
    });
    // No filters at all: only upcoming bookings, as the real API does.
    if (!filtered) rows = rows.filter((b) => b.departure >= FAKE_TODAY);
    rows.sort((a, b) => a.id - b.id);
    const page = Math.max(1, Number(q.get('page') ?? 1));
    const data = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const nextPageExists = page * PAGE_SIZE < rows.length;
    send(200, {
      success: true, type: 'booking', count: data.length,
      pages: { nextPageExists, nextPageLink: nextPageExists ? `https://api.beds24.com/v2/bookings?page=${page + 1}` : null },
      data,
    });
  }
}
