/**
 * Settings → Activity against a real local HTTP server: each action in words in nb and en, who did it, Oslo time,
 * browser and system, and "Show more" reading the next page of the range the server counts.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityEntry, User } from '../../../api/types';
import i18n from '../../../i18n';
import type { LocalApi } from '../../../test/localApi';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import { ACTIVITY_PAGE_SIZE, describeActivity } from './ActivityTimeline';
import { ActivityTab } from './ActivityTab';

const ME = { id: 7, name: 'Ola Eier' } as User;
const ADMIN = { id: 1, name: 'Kari Admin' };

const entry = (id: number, action: string, fields: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  action,
  // 22:30 UTC in summer is 00:30 the next day in Oslo.
  createdAt: '2026-06-30T22:30:00.000Z',
  actorId: ME.id,
  actorName: ME.name,
  details: {},
  browser: null,
  os: null,
  ipPrefix: null,
  ...fields,
});

/** Newest first, as the server answers: the three entries the tests read, then sign-ins to fill more than a page. */
const TIMELINE: ActivityEntry[] = [
  entry(30, 'password.changed', { actorId: ADMIN.id, actorName: ADMIN.name, details: { via: 'admin' }, browser: 'Firefox 128', os: 'Windows 10', ipPrefix: '192.0.2.0/24' }),
  entry(29, 'login.failed', { actorId: null, actorName: null, details: { reason: 'password' } }),
  entry(28, 'account_number.changed', { details: { from: null, to: '••••.••.•8901' }, browser: 'Safari 17', os: 'iOS 17.5' }),
  ...Array.from({ length: 22 }, (_, i) => entry(27 - i, 'login', { details: { method: 'password' } })),
];

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function openTab() {
  api = await startApiForApp((req) => {
    if (req.method !== 'GET' || req.path !== '/api/user/activity') return undefined;
    const [first, last] = JSON.parse(req.query.get('range') ?? '[0,9]') as [number, number];
    const rows = TIMELINE.slice(first, last + 1);
    return { json: rows, headers: { 'Content-Range': `activity ${first}-${first + rows.length - 1}/${TIMELINE.length}` } };
  });
  renderWithApp(<ActivityTab user={ME} />);
  return screen.findByRole('list', { name: 'Aktivitet på kontoen din' });
}

describe('ActivityTab', () => {
  it('lists the timeline newest first in Norwegian: what, when in Oslo, who and from which browser', async () => {
    const list = await openTab();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(within(items[0]).getByRole('heading', { level: 3, name: 'Passordet ble endret' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Satt av en administrator');
    expect(items[0]).toHaveTextContent('01.07.2026 00:30 · Utført av Kari Admin · Firefox 128 på Windows 10 · nett 192.0.2.0/24');
    expect(items[0].querySelector('time')).toHaveAttribute('datetime', '2026-06-30T22:30:00.000Z');
    expect(within(items[1]).getByRole('heading', { name: 'Mislykket innlogging' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Feil passord');
    expect(items[1]).toHaveTextContent('Utført av noen som ikke var logget inn');
    expect(within(items[2]).getByRole('heading', { name: 'Kontonummeret ble endret' })).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Fra ingen til ••••.••.•8901');
    expect(items[2]).toHaveTextContent('Utført av deg · Safari 17 på iOS 17.5');
    expect(within(items[3]).getByRole('heading', { name: 'Logget inn' })).toBeInTheDocument();
    expect(screen.getByText(`Viser ${ACTIVITY_PAGE_SIZE} av ${TIMELINE.length}`)).toBeInTheDocument();
  });

  it('"Vis flere" reads the next page, and is gone when everything is shown', async () => {
    const list = await openTab();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Vis flere' }));
    expect(await screen.findByText(`Viser ${TIMELINE.length} av ${TIMELINE.length}`)).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(TIMELINE.length);
    expect(screen.queryByRole('button', { name: 'Vis flere' })).not.toBeInTheDocument();
  });

  it('speaks English when the reader does', async () => {
    await i18n.changeLanguage('en');
    api = await startApiForApp((req) => (req.path === '/api/user/activity' ? { json: TIMELINE.slice(0, 3), headers: { 'Content-Range': 'activity 0-2/3' } } : undefined));
    renderWithApp(<ActivityTab user={ME} />);
    const list = await screen.findByRole('list', { name: 'Activity on your account' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]).getByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Set by an administrator');
    expect(items[0]).toHaveTextContent('By Kari Admin · Firefox 128 on Windows 10');
    expect(items[1]).toHaveTextContent('Failed sign-inWrong password');
    expect(items[2]).toHaveTextContent('From none to ••••.••.•8901');
    expect(items[2]).toHaveTextContent('By you');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

describe('describeActivity', () => {
  /** Every action code a person's timeline can hold (docs/security.md#the-audit-log), with details as the server writes them. */
  const CODES: [string, Record<string, unknown>, string, string][] = [
    ['login', { method: 'totp' }, 'Logget inn', 'Signed in'],
    ['login.failed', { reason: 'code_used' }, 'Mislykket innlogging', 'Failed sign-in'],
    ['reauth.failed', { reason: 'password' }, 'Mislykket bekreftelse av identitet før en endring', 'Failed identity check before a change'],
    ['two_factor.enabled', {}, 'Tofaktorinnlogging slått på', 'Two-factor sign-in turned on'],
    ['two_factor.disabled', { with: 'recovery' }, 'Tofaktorinnlogging slått av', 'Two-factor sign-in turned off'],
    ['two_factor.reset', {}, 'Tofaktorinnlogging tilbakestilt av en administrator', 'Two-factor sign-in reset by an administrator'],
    ['sessions.ended', { which: 'one' }, 'En innlogget økt ble avsluttet', 'A signed-in session was ended'],
    ['sessions.ended', { which: 'others' }, 'Alle andre innloggede økter ble avsluttet', 'All other signed-in sessions were ended'],
    ['password.changed', { via: 'reset_link' }, 'Passordet ble endret', 'Password changed'],
    ['email.changed', {}, 'E-postadressen ble endret', 'E-mail address changed'],
    ['username.changed', {}, 'Brukernavnet ble endret', 'Username changed'],
    ['account_number.changed', { from: '••••.••.•1111', to: '••••.••.•2222' }, 'Kontonummeret ble endret', 'Account number changed'],
    ['role.changed', { from: 'owner', to: 'mini_admin' }, 'Rollen ble endret', 'Role changed'],
    ['account.blocked', { reason: 'Ubetalt' }, 'Kontoen ble blokkert', 'Account blocked'],
    ['account.unblocked', {}, 'Blokkeringen av kontoen ble opphevet', 'Account unblocked'],
    ['account.created', { role: 'owner', accountNumber: null }, 'Kontoen ble opprettet', 'Account created'],
    ['account.deleted', { via: 'own' }, 'Kontoen ble slettet', 'Account deleted'],
    ['token.created', { name: 'Skript', scopes: ['calendar:read'], expiresAt: '2026-07-01T12:00:00.000Z' }, 'API-nøkkel laget', 'API token created'],
    ['token.revoked', { name: 'Skript' }, 'API-nøkkel trukket tilbake', 'API token revoked'],
    ['event.create', { title: 'Vask' }, 'Hendelse lagt inn i kalenderen: Vask', 'Event added to the calendar: Vask'],
    ['event.delete', { title: 'Vask' }, 'Hendelse fjernet fra kalenderen: Vask', 'Event removed from the calendar: Vask'],
    ['event.color', { from: '#000000', to: '#ffffff' }, 'Fargen på en hendelse i kalenderen ble endret', 'The colour of a calendar event was changed'],
    ['payout.create', { after: { month: 6, year: 2026 } }, 'Utbetaling registrert', 'Payout registered'],
    ['payout.update', { before: { month: 6, year: 2026 }, after: { month: 7, year: 2026 } }, 'Utbetaling endret', 'Payout changed'],
    ['payout.delete', { before: { month: 6, year: 2026 } }, 'Utbetaling slettet', 'Payout deleted'],
    ['something.new', {}, 'Annen hendelse (something.new)', 'Other activity (something.new)'],
  ];

  it.each(CODES)('%s has its own words in nb and en', async (action, details, nb, en) => {
    await act(() => i18n.changeLanguage('nb'));
    expect(describeActivity({ action, details }, i18n).title).toBe(nb);
    await act(() => i18n.changeLanguage('en'));
    expect(describeActivity({ action, details }, i18n).title).toBe(en);
  });

  it('details in words: role names, the payout month, the block reason', async () => {
    await i18n.changeLanguage('nb');
    expect(describeActivity({ action: 'role.changed', details: { from: 'owner', to: 'mini_admin' } }, i18n).detail).toBe('Fra eier til miniadministrator');
    expect(describeActivity({ action: 'payout.update', details: { before: { month: 6, year: 2026 }, after: { month: 7, year: 2026 } } }, i18n).detail).toBe('For 7/2026');
    expect(describeActivity({ action: 'account.blocked', details: { reason: 'Ubetalt' } }, i18n).detail).toBe('Begrunnelse: Ubetalt');
    expect(describeActivity({ action: 'account.created', details: { role: 'mini_admin', accountNumber: '••••.••.•8901' } }, i18n).detail).toBe('Som miniadministrator, med kontonummer ••••.••.•8901');
    expect(describeActivity({ action: 'account.created', details: { role: 'owner', accountNumber: null } }, i18n).detail).toBe('Som eier, uten kontonummer');
    expect(describeActivity({ action: 'account.deleted', details: { via: 'admin' } }, i18n).detail).toBe('Slettet av en administrator');
    expect(describeActivity({ action: 'login', details: { method: 'recovery' } }, i18n).detail).toBe('Med passord og gjenopprettingskode');
    // A value this version has no words for adds no line rather than a raw code.
    expect(describeActivity({ action: 'login', details: { method: 'passkey' } }, i18n).detail).toBe('');
  });
});
