// @vitest-environment node
/** The users' calls that are not CRUD (usersDataProvider.ts), against a real local HTTP server. */
import { describe, expect, it } from 'vitest';
import { localDataProviders } from '../testing/dataProviderAgainst';

const providerAnswering = localDataProviders();

const ann = { id: 7, username: 'ann@example.com', name: 'Ann', isAdmin: false, isMiniAdmin: false };

describe('user actions', () => {
  it('posts to change-password, reset-password, block and unblock', async () => {
    const link = { resetLink: 'http://localhost/reset-password?token=abc', expiresAt: '2030-01-02T03:04:00.000Z' };
    const { dataProvider, requests } = await providerAnswering((req) =>
      req.path.endsWith('/reset-password') ? { json: link } : { json: { message: 'ok' } },
    );
    await dataProvider.changeUserPassword(7, 'hemmelig');
    await expect(dataProvider.createResetLink(7)).resolves.toEqual(link);
    await dataProvider.blockUser(7, 'Ubetalt faktura');
    await dataProvider.unblockUser(7);
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/admin/users/7/change-password', { newPassword: 'hemmelig' }],
      ['POST', '/api/admin/users/7/reset-password', undefined],
      ['POST', '/api/admin/users/7/block', { reason: 'Ubetalt faktura' }],
      ['POST', '/api/admin/users/7/unblock', undefined],
    ]);
  });
});

describe('calendar calls', () => {
  const window = { startDate: '2025-06-01', endDate: '2025-09-01' };

  it('asks for fresh feeds on the first user-calendar read per user only (docs/product/feeds.md#routes)', async () => {
    const { dataProvider, requests } = await providerAnswering(() => ({ json: { user: ann, events: [], icalEvents: [] } }));
    await dataProvider.userCalendar(7, window);
    await dataProvider.userCalendar(7, { startDate: '2025-09-01', endDate: '2025-12-01' });
    await dataProvider.userCalendar(8, window);
    expect(requests.map((r) => [r.path, r.query.get('startDate'), r.query.get('endDate'), r.query.get('force_refresh')])).toEqual([
      ['/api/admin/user-calendar/7', '2025-06-01', '2025-09-01', 'true'],
      ['/api/admin/user-calendar/7', '2025-09-01', '2025-12-01', null],
      ['/api/admin/user-calendar/8', '2025-06-01', '2025-09-01', 'true'],
    ]);
  });

  it('creates an event for a user and renews their iCal link', async () => {
    const { dataProvider, requests } = await providerAnswering((req) => {
      if (req.path.endsWith('/renew')) return { json: { url: 'http://localhost/api/ical/7?token=new' } };
      return { status: 201, json: { id: 99, ...(req.body as object) } };
    });
    const payload = { title: 'Eiersperre tid', description: '', startTime: '2025-07-01T09:00:00.000Z', endTime: '2025-07-02T13:00:00.000Z', allDay: false as const, color: '#ef4444', routes: [] };
    await expect(dataProvider.createUserEvent(7, payload)).resolves.toMatchObject({ id: 99, title: 'Eiersperre tid' });
    await expect(dataProvider.renewUserCalendarLink(7)).resolves.toEqual({ url: 'http://localhost/api/ical/7?token=new' });
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/admin/user-events/7', payload],
      ['POST', '/api/admin/users/7/calendar-link/renew', undefined],
    ]);
  });
});
