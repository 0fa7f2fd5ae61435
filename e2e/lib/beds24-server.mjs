/**
 * A stand-in for Beds24's API v2 on 127.0.0.1, for browser tests (the backend's own, fuller player is
 * backend/test/helpers/beds24-server.ts): an invite code exchanged once for a refresh token, access tokens from the
 * refresh token, and GET /bookings of the property asked for (every status but 'cancelled', as Beds24 answers by default),
 * all on one page. The app is pointed at it with BEDS24_API_URL.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** A booking with the fields a real one has (guest contact data included, which the app must not keep). */
export function beds24Booking(id, { arrival, departure, propertyId, firstName = 'Gjest', channel = 'airbnb', ...fields }) {
  return {
    id, masterId: null, propertyId, roomId: 5001, unitId: 1, status: 'confirmed', subStatus: 'none', numAdult: 2, numChild: 0,
    title: '', firstName, lastName: 'Etternavn', email: `gjest${id}@example.com`, phone: '+4791234567', mobile: '', address: 'Storgata 1', city: 'Oslo',
    channel, apiSourceId: 46, apiSource: 'Airbnb', apiReference: `HME2E${id}`, bookingTime: '2026-01-01T10:00:00Z', modifiedTime: '2026-01-01T10:00:00Z',
    cancelTime: null, price: 4500, commission: 0, comments: '', notes: '', arrival, departure, ...fields,
  };
}

/**
 * Starts the player. `bookings` is the account's list (push to it to make a booking arrive); `inviteCode()` makes a
 * single-use code as the owner does in Beds24; `refuseKeys()` makes it refuse every key given so far; `requests`
 * lists the paths asked for.
 */
export async function startBeds24Server() {
  const bookings = [];
  const invites = new Map();
  const refreshTokens = new Set();
  const accessTokens = new Set();
  const requests = [];
  const token = (prefix) => `${prefix}-${randomBytes(16).toString('hex')}`;

  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://beds24.invalid');
    const path = url.pathname.replace(/^\/api\/v2/, '');
    requests.push(path);
    const send = (status, body) =>
      res.writeHead(status, { 'content-type': 'application/json', 'x-five-min-limit-remaining': '95', 'x-five-min-limit-resets-in': '120', 'x-request-cost': '1' }).end(JSON.stringify(body));
    const refuse = (status, error) => send(status, { success: false, type: 'error', code: status, error });
    if (req.method !== 'GET') return refuse(404, 'Not found');

    if (path === '/authentication/setup') {
      const refreshToken = invites.get(req.headers.code);
      if (!refreshToken) return refuse(400, 'Invalid code');
      invites.delete(req.headers.code);
      const access = token('at');
      accessTokens.add(access);
      return send(200, { token: access, expiresIn: 86400, refreshToken });
    }
    if (path === '/authentication/token') {
      if (!refreshTokens.has(req.headers.refreshtoken)) return refuse(401, 'Unauthorized');
      const access = token('at');
      accessTokens.add(access);
      return send(200, { token: access, expiresIn: 86400 });
    }
    if (!accessTokens.has(req.headers.token)) return refuse(401, 'Token is missing or expired');
    if (path === '/bookings') {
      const property = Number(url.searchParams.get('propertyId'));
      const statuses = url.searchParams.getAll('status');
      const data = bookings.filter((b) => b.propertyId === property && (statuses.length ? statuses.includes(b.status) : b.status !== 'cancelled'));
      return send(200, { success: true, type: 'booking', count: data.length, pages: { nextPageExists: false, nextPageLink: null }, data });
    }
    refuse(404, 'Not found');
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}/api/v2`,
    bookings,
    requests,
    inviteCode() {
      const code = token('invite');
      const refreshToken = token('rt');
      invites.set(code, refreshToken);
      refreshTokens.add(refreshToken);
      return code;
    },
    /** Beds24 stops accepting every key given so far (an owner revoked the invite): 401 for tokens and reads. */
    refuseKeys() {
      refreshTokens.clear();
      accessTokens.clear();
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the app's kept-alive sockets would hold close() up
      }),
  };
}
