/**
 * Set-up through the real API, for tests whose subject is not the setting up itself (a regular user to log in
 * with). Creating a user through the back office is tested on its own in admin-users.test.mjs.
 */
import { ADMIN } from './server.mjs';

async function call(url, path, { method = 'GET', body, cookie } = {}) {
  const send = () =>
    fetch(`${url}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: url, ...(cookie && { Cookie: cookie }) },
      body: body && JSON.stringify(body),
    });
  let res;
  try {
    res = await send();
  } catch (error) {
    // A kept-alive connection the app closed just as this request reused it (on a busy machine the client's own
    // close comes late): the request never reached the app, so it goes once more on a new connection.
    if (error?.cause?.code !== 'ECONNRESET') throw error;
    res = await send();
  }
  if (!res.ok) throw new Error(`${method} /api${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** Runs `work(cookie)` in a session of `account` (the first admin by default), logged out afterwards. */
async function asAdmin(url, work, account = ADMIN) {
  const login = await call(url, '/login', { method: 'POST', body: { username: account.email, password: account.password } });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  try {
    return await work(cookie);
  } finally {
    await call(url, '/logout', { method: 'POST', cookie });
  }
}

/** Creates a regular user (or a mini admin) as the first admin and returns the account to log in with (and its id). */
export async function createUser(url, { email, name, password, isMiniAdmin = false, accountNumber }) {
  const created = await asAdmin(url, async (cookie) => {
    const res = await call(url, '/admin/users', {
      method: 'POST',
      cookie,
      body: { username: email, email, name, password, isAdmin: false, isMiniAdmin, ...(accountNumber && { accountNumber }) },
    });
    return res.json();
  });
  return { id: created.id, email, name, password };
}

/** The first admin puts an event in a user's calendar (POST /api/admin/user-events/:userId). */
export async function adminAddsEvent(url, userId, event) {
  return asAdmin(url, async (cookie) => (await call(url, `/admin/user-events/${userId}`, { method: 'POST', cookie, body: event })).json());
}

/** A user marks one of their own days (POST /api/marked-days), e.g. `{ date: '2026-05-04', markerType: 'vacation' }`. */
export async function userMarksDay(url, account, markedDay) {
  return asAdmin(url, async (cookie) => (await call(url, '/marked-days', { method: 'POST', cookie, body: markedDay })).json(), account);
}

/** The first admin makes an agreement with a user (POST /api/admin-agreements) and adds notes to it. */
export async function adminCreatesAgreement(url, agreement, notes = []) {
  return asAdmin(url, async (cookie) => {
    const created = await (await call(url, '/admin-agreements', { method: 'POST', cookie, body: agreement })).json();
    for (const note of notes) await call(url, `/admin-agreements/${created.id}/notes`, { method: 'POST', cookie, body: note });
    return created;
  });
}

/**
 * The first admin publishes weekly appointment hours (POST /api/admin/appointment-hours) with themselves as the
 * staff member who takes the meetings, or the staff members `staffUserIds`; `ranges` are `{ weekday, startTime,
 * endTime }` in Oslo time.
 */
export async function adminPublishesHours(url, ranges, staffUserIds) {
  return asAdmin(url, async (cookie) => {
    const staff = staffUserIds ?? [(await (await call(url, '/user', { cookie })).json()).id];
    const created = [];
    for (const range of ranges) created.push(await (await call(url, '/admin/appointment-hours', { method: 'POST', cookie, body: { ...range, staffUserIds: staff } })).json());
    return created;
  });
}

/** Creates an administrator (a staff account) as the first admin, whose login is recent enough to make one. */
export async function createAdmin(url, { email, name, password }) {
  const created = await asAdmin(url, async (cookie) =>
    (await call(url, '/admin/users', { method: 'POST', cookie, body: { username: email, email, name, password, isAdmin: true } })).json(),
  );
  return { id: created.id, email, name, password };
}

/** The owner books the first free slot of the coming week (GET /api/appointments/slots, POST /api/appointments). */
export async function ownerBooksFirstSlot(url, account, { subject, location = 'phone' }) {
  return asAdmin(
    url,
    async (cookie) => {
      const day = (offset) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date(Date.now() + offset * 86_400_000));
      const slots = await (await call(url, `/appointments/slots?from=${day(0)}&to=${day(7)}`, { cookie })).json();
      if (!slots.length) throw new Error('no free slot in the coming week');
      return (await call(url, '/appointments', { method: 'POST', cookie, body: { start: slots[0].start, subject, location } })).json();
    },
    account,
  );
}

/** The first admin answers a case (POST /api/cases/:id/messages), as customer service does from its own screen. */
export async function adminAnswersCase(url, caseId, message) {
  return asAdmin(url, async (cookie) => (await call(url, `/cases/${caseId}/messages`, { method: 'POST', cookie, body: { message } })).json());
}

/** The first admin opens a case on behalf of a user (POST /api/cases with userId). */
export async function adminOpensCase(url, kase) {
  return asAdmin(url, async (cookie) => (await call(url, '/cases', { method: 'POST', cookie, body: kase })).json());
}

/** The first admin connects a user to Beds24 (POST /api/admin/beds24-config/:userId) with an invite code and a property. */
export async function adminConfiguresBeds24(url, userId, { apiKey, propId }) {
  return asAdmin(url, async (cookie) => (await call(url, `/admin/beds24-config/${userId}`, { method: 'POST', cookie, body: { apiKey, propId } })).json());
}

/** The first admin runs a user's Beds24 sync now (POST /api/admin/beds24-sync/:userId), as the scheduler does on its own. */
export async function adminSyncsBeds24(url, userId) {
  const outcome = await asAdmin(url, async (cookie) => (await call(url, `/admin/beds24-sync/${userId}`, { method: 'POST', cookie })).json());
  if (!outcome.success) throw new Error(`the Beds24 sync failed: ${JSON.stringify(outcome)}`);
  return outcome;
}

/**
 * The owner invites an address to their first property (POST /api/properties/{id}/invitations) and gets the
 * invitation back, with the `link` the invited person opens.
 */
export async function ownerInvites(url, owner, { email, role, canSeeMoney }) {
  return asAdmin(
    url,
    async (cookie) => {
      const [property] = await (await call(url, '/properties', { cookie })).json();
      const res = await call(url, `/properties/${property.id}/invitations`, { method: 'POST', cookie, body: { email, role, ...(canSeeMoney !== undefined && { canSeeMoney }) } });
      return { ...(await res.json()), propertyId: property.id, propertyName: property.name };
    },
    owner,
  );
}

/** The properties a user is a member of, first first (GET /api/properties). */
export async function propertiesOf(url, account) {
  return asAdmin(url, async (cookie) => (await call(url, '/properties', { cookie })).json(), account);
}

/** A user puts an event in their own calendar (POST /api/events): an owner's stay, e.g. `{ title, startTime, endTime }`. */
export async function userAddsEvent(url, account, event) {
  return asAdmin(url, async (cookie) => (await call(url, '/events', { method: 'POST', cookie, body: event })).json(), account);
}

/** The first admin registers a price interval for a user's first property (POST /api/prices). */
export async function adminAddsPrice(url, price) {
  return asAdmin(url, async (cookie) => (await call(url, '/prices', { method: 'POST', cookie, body: price })).json());
}

/**
 * The first admin sets a property's stay rules as a whole (PUT /api/admin/properties/{id}/stay-rules), e.g.
 * `{ approval: 'request', blackouts: [] }` to hold the owners' stays for approval.
 */
export async function adminSetsStayRules(url, propertyId, rules) {
  return asAdmin(url, async (cookie) => (await call(url, `/admin/properties/${propertyId}/stay-rules`, { method: 'PUT', cookie, body: rules })).json());
}

/** What `account` (the first admin by default) reads at an API path (GET /api<path>), e.g. '/admin/stay-requests/3'. */
export async function reads(url, path, account = ADMIN) {
  return asAdmin(url, async (cookie) => (await call(url, path, { cookie })).json(), account);
}

/** The first admin approves or declines a stay request (POST /api/admin/stay-requests/{id}/approve|decline) with a note. */
export async function adminDecidesStayRequest(url, id, decision, note) {
  return asAdmin(url, async (cookie) => (await call(url, `/admin/stay-requests/${id}/${decision}`, { method: 'POST', cookie, body: { note } })).json());
}

/** The first admin registers a payout (POST /api/admin/payouts), e.g. `{ userId, month: 1, year: 2027, amount: '100.00' }`. */
export async function adminRegistersPayout(url, payout) {
  return asAdmin(url, async (cookie) => (await call(url, '/admin/payouts', { method: 'POST', cookie, body: payout })).json());
}

/** A user adds an iCal feed to their first property (POST /api/ical-feeds) and syncs it at once; answers the sync's result. */
export async function userAddsFeed(url, account, feed) {
  return asAdmin(url, async (cookie) => {
    const { id } = await (await call(url, '/ical-feeds', { method: 'POST', cookie, body: feed })).json();
    return (await call(url, `/ical-feeds/${id}/sync`, { method: 'POST', cookie })).json();
  }, account);
}
