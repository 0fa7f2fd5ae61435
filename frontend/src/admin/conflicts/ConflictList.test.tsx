/**
 * The double-bookings list offers each role only the links it may follow (docs/roles.md): an admin the feed's and the
 * Beds24 connection's edit pages and the owner's calendar; a mini admin neither edit page, and the owner's page.
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi } from '../../test/localApi';
import { renderAdmin } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const CONFLICT = {
  id: 5, userId: 3, ownerName: 'Ole Owner', from: '2027-07-04', to: '2027-07-06', detectedAt: '2027-07-01T10:00:00.000Z',
  a: { id: 'ical-4-x', kind: 'ical', sourceId: 4, title: 'Airbnb: Kari' },
  b: { id: 'beds24-9', kind: 'beds24', sourceId: 9, title: 'Beds24: Per' },
};

/** A booking past its property's rental day limit, in this year (the list opens on today's year). */
const PAST_LIMIT = {
  year: new Date().getFullYear(),
  row: { id: '7-beds24-4-abc', bookingId: 'beds24-4-abc', propertyId: 7, propertyName: 'Byleiligheten', rentalDayLimit: 30, title: 'Booking.com: Per', from: '2027-08-01', to: '2027-08-08', nightsPastLimit: 3 },
};

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openAs(me: CurrentUser) {
  api = await startLocalApi((req) => {
    if (req.path === '/api/user') return { json: me };
    if (req.path === '/api/conflicts') return { json: [CONFLICT], headers: { 'Content-Range': 'conflicts 0-0/1' } };
    if (req.path === '/api/system-settings') return { json: [] };
    if (req.path === '/api/admin/nights/past-limit') {
      const year = Number(req.query.get('year'));
      return { json: year === PAST_LIMIT.year ? [PAST_LIMIT.row] : [] };
    }
    return undefined;
  });
  renderAdmin(api.apiUrl, '/admin/conflicts');
  await screen.findByText('Airbnb: Kari', {}, { timeout: 10_000 });
}

describe('the double-bookings list', { timeout: 30_000 }, () => {
  it("gives an admin the sources' edit pages and the owner's calendar", async () => {
    await openAs(ada);
    expect(screen.getByRole('link', { name: 'Kalenderfeed' })).toHaveAttribute('href', '/admin/ical-feeds/4');
    expect(screen.getByRole('link', { name: 'Beds24' })).toHaveAttribute('href', '/admin/beds24/3');
    expect(screen.getByRole('link', { name: 'Åpne kalenderen til Ole Owner' })).toHaveAttribute('href', '/?date=2027-07-04&user=3');
  });

  it('gives a mini admin no edit page they may not open, and the owner’s page instead of the calendar', async () => {
    await openAs(mia);
    expect(screen.queryByRole('link', { name: 'Kalenderfeed' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Beds24' })).toBeNull();
    expect(screen.getByText('Kalenderfeed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vis Ole Owner' })).toHaveAttribute('href', '/admin/users/3/show');
  });

  it('lists beside them the bookings past their property’s rental day limit, a year at a time', async () => {
    await openAs(ada);
    const section = await screen.findByRole('region', { name: `Bookinger over grensen for utleiedøgn i ${PAST_LIMIT.year}` }, { timeout: 10_000 });
    expect(within(section).getByRole('link', { name: 'Byleiligheten' })).toHaveAttribute('href', '/admin/properties/7/show');
    expect(within(section).getByText('01.08.2027 – 08.08.2027')).toBeInTheDocument();
    expect(within(section).getByText('3 (grense 30)')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Året før' }));
    expect(await within(section).findByText(`Ingen eiendom har bookinger over grensen i ${PAST_LIMIT.year - 1}.`)).toBeInTheDocument();
  });
});
