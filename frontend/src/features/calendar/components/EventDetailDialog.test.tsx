/**
 * The event detail's translate button, against a real local HTTP server playing the API: offered only when the
 * server says a translation service is configured (GET /api/translate), and then translating the description.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../../test/localApi';
import type { User } from '../../../api/types';
import i18n from '../../../i18n';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import type { CalendarEvent } from '../../../api/types';
import { EventDetailDialog } from './EventDetailDialog';
import { calendarKeys } from '../calendarApi';

const owner: User = {
  id: 7, username: 'eier', name: 'Eier', email: 'eier@example.com', phoneNumber: null, accountNumber: null, adminInfo: null, adminInfoUpdatedAt: null,
  blockedAt: null, blockReason: null, createdAt: '2026-01-01T00:00:00Z', isAdmin: false, isBlocked: false, isMiniAdmin: false, lastLoginAt: null, twoFactorEnabled: false,
};
const event: CalendarEvent = {
  id: 3, userId: 7, title: 'Vinduvask', description: 'Velkommen til hytta', startTime: '2026-07-01T10:00:00Z', endTime: '2026-07-01T12:00:00Z',
  allDay: false, color: '#ef4444', adminColorOverride: null, routes: [], source: null, location: null, isBinding: false, awaitingApproval: false,
  createdAt: '2026-06-01T10:00:00Z', updatedAt: '2026-06-01T10:00:00Z', createdById: 7,
};

let api: LocalApi | undefined;
let available = true;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = await startApiForApp((req) => {
    if (req.method === 'GET' && req.path === '/api/system-settings') return { json: [] };
    if (req.method === 'GET' && req.path === '/api/translate') return { json: { available } };
    if (req.method === 'POST' && req.path === '/api/translate') return { json: { success: true, translatedText: 'Welcome to the cabin', error: null } };
    return undefined;
  });
});
afterEach(async () => {
  await api?.close();
  api = undefined;
  await i18n.changeLanguage('nb');
});

describe('event detail: translation', () => {
  it('offers Translate when the server has a translation service, and shows the translation and the original', async () => {
    available = true;
    renderWithApp(<EventDetailDialog event={event} currentUser={owner} viewedUserId={null} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('Welcome to the cabin')).toBeInTheDocument();
    expect(api!.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ text: 'Velkommen til hytta', targetLanguage: 'en', sourceLanguage: 'nb' });
    await user.click(screen.getByRole('button', { name: 'Show original' }));
    expect(screen.getByText('Velkommen til hytta')).toBeInTheDocument();
  });

  it('shows the description without a Translate button when no service is configured', async () => {
    available = false;
    const { queryClient } = renderWithApp(<EventDetailDialog event={event} currentUser={owner} viewedUserId={null} onClose={() => {}} />);
    expect(await screen.findByText('Velkommen til hytta')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(calendarKeys.translationStatus)).toEqual({ available: false }));
    expect(screen.queryByRole('button', { name: 'Translate' })).toBeNull();
  });
});

describe('event detail: a stay waiting for approval', () => {
  it('says the stay waits for approval, and nothing of it for a settled one', async () => {
    renderWithApp(<EventDetailDialog event={{ ...event, awaitingApproval: true }} currentUser={owner} viewedUserId={null} onClose={() => {}} />);
    expect(await screen.findByText('Waiting for approval: the stay was sent as a request, and you will be told when it is decided.')).toBeInTheDocument();
  });
});
