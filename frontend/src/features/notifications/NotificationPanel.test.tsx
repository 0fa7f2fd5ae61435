/**
 * The bell's popover against a real local HTTP server: each stored link opens its screen (the calendar at the day,
 * the agreement, the case), marks the notification read, and a link outside the app is not followed; the texts show
 * in the interface language, whatever the language they were stored in.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../test/localApi';
import type { AppNotification } from '../../api/types';
import { APP_PATHS } from '../../shared/appLinks';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import i18n from '../../i18n';
import { NotificationPanel } from './NotificationPanel';

const note = (id: number, type: AppNotification['type'], link: string | null, title: string, en = { title, message: '' }): AppNotification => ({
  id, type, link, title, message: '', texts: { nb: { title, message: '' }, en }, params: {}, read: false, createdAt: '2025-06-01T10:00:00.000Z',
});

const NOTIFICATIONS = [
  note(1, 'booking_new', '/?date=2027-07-01', 'Nye bookinger'),
  note(2, 'agreement_created', '/user/agreements/31', 'Ny avtale'),
  note(3, 'case_message', '/cases?case=41', 'Ny melding i sak K-41', { title: 'New message in case K-41', message: '' }),
  note(4, 'system', 'https://evil.example/', 'Fremmed'),
];

// The screens as the app mounts them, each saying what it was opened with.
function Calendar() {
  const { search } = useLocation();
  return <p>calendar {new URLSearchParams(search).get('date')}</p>;
}
function Agreement() {
  return <p>agreement {useParams().id}</p>;
}
function Cases() {
  const { search } = useLocation();
  return <p>case {new URLSearchParams(search).get('case')}</p>;
}

let api: LocalApi;
afterEach(async () => {
  await api?.close();
});

async function openFromPanel(title: string) {
  api = await startApiForApp((req) => {
    if (req.path === '/api/notifications') return { json: { notifications: NOTIFICATIONS, total: NOTIFICATIONS.length, unread: NOTIFICATIONS.length } };
    return { json: {} };
  });
  renderWithApp(
    <MemoryRouter initialEntries={['/settings']}>
      <Routes>
        <Route path="/settings" element={<NotificationPanel open anchor={document.body} onClose={() => undefined} />} />
        <Route path={APP_PATHS.calendar} element={<Calendar />} />
        <Route path={APP_PATHS.agreement} element={<Agreement />} />
        <Route path={APP_PATHS.cases} element={<Cases />} />
      </Routes>
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByText(title));
}

describe('a notification opens what it is about', () => {
  it.each([
    ['Nye bookinger', 'calendar 2027-07-01', 1],
    ['Ny avtale', 'agreement 31', 2],
    ['Ny melding i sak K-41', 'case 41', 3],
  ])('%s → %s', async (title, screenText, id) => {
    await openFromPanel(title);
    expect(await screen.findByText(screenText)).toBeInTheDocument();
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PATCH' && r.path === `/api/notifications/${id}/read`)).toBe(true));
  });

  it('a link outside the app is not followed', async () => {
    await openFromPanel('Fremmed');
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(screen.queryByText(/^calendar|^agreement|^case/)).not.toBeInTheDocument();
  });
});

describe('the texts', () => {
  afterEach(async () => {
    await i18n.changeLanguage('nb');
  });

  it('show in the language the app is in now, as the server rendered them for it', async () => {
    // Stored while the app was in Norwegian (the list above); the reader has switched to English since.
    await i18n.changeLanguage('en');
    await openFromPanel('New message in case K-41');
    expect(await screen.findByText('case 41')).toBeInTheDocument();
  });
});

describe('more than one page of notifications', () => {
  it('reads the older ones page by page on "show older", each once, and offers no more after the last', async () => {
    // 120 notifications, newest (id 120) first, answered by offset and limit as the server does.
    const all = Array.from({ length: 120 }, (_, i) => note(120 - i, 'system', null, `Melding ${120 - i}`));
    api = await startApiForApp((req) => {
      if (req.path !== '/api/notifications') return { json: {} };
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Number(req.query.get('limit') ?? 20);
      return { json: { notifications: all.slice(offset, offset + limit), total: all.length, unread: all.length } };
    });
    renderWithApp(
      <MemoryRouter>
        <NotificationPanel open anchor={document.body} onClose={() => undefined} />
      </MemoryRouter>,
    );
    await screen.findByText('Melding 71');
    expect(screen.queryByText('Melding 70')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vis eldre varsler' }));
    await screen.findByText('Melding 21');
    await userEvent.click(screen.getByRole('button', { name: 'Vis eldre varsler' }));
    await screen.findByText('Melding 1');
    expect(screen.getAllByText(/^Melding \d+$/)).toHaveLength(120);
    expect(screen.queryByRole('button', { name: 'Vis eldre varsler' })).not.toBeInTheDocument();
    // Each read of the list reads its pages from the newest: the last one read all three.
    const offsets = api.requests.filter((r) => r.path === '/api/notifications').map((r) => r.query.get('offset'));
    expect(offsets.slice(-3)).toEqual(['0', '50', '100']);
    expect(offsets.every((offset) => ['0', '50', '100'].includes(offset ?? ''))).toBe(true);
  });
});
