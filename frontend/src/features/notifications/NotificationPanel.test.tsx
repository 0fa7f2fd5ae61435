/**
 * The bell's popover against a real local HTTP server: each kind of link opens its screen (the calendar at the day,
 * the agreement, the case), marks the notification read, and a link the app does not know is not followed.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../test/localApi';
import type { AppNotification } from '../../api/types';
import { APP_PATHS } from '../../shared/appLinks';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { NotificationPanel } from './NotificationPanel';

const note = (id: number, type: AppNotification['type'], link: string | null, title: string): AppNotification => ({
  id, type, link, title, message: '', params: {}, read: false, createdAt: '2025-06-01T10:00:00.000Z',
});

const NOTIFICATIONS = [
  note(1, 'booking_new', '/?date=2027-07-01', 'Nye bookinger'),
  note(2, 'agreement_created', '/user/agreements/31', 'Ny avtale'),
  { ...note(3, 'case_message', '/cases?case=41', ''), params: { caseNumber: 'K-41' } },
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
