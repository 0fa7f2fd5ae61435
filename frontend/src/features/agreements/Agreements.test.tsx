/**
 * The owner's agreement screens against a real local HTTP server: the list's groups and order, the detail page
 * with its labels and add-note form, and the two error texts. (The server's filtering of private notes is tested
 * in backend/test/agreements.e2e-spec.ts; here a staff reader gets them and an owner's page offers no private option.)
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalApi, RecordedRequest } from '../../test/localApi';
import type { Agreement, AgreementNote } from '../../api/types';
import i18n from '../../i18n';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { splitAgreements } from './agreementsApi';
import { AgreementsPage } from './AgreementsPage';
import { AgreementDetail } from './components/AgreementDetail';

const NOW = new Date('2026-06-01T12:00:00Z');

function agreement(id: number, fields: Partial<Agreement> = {}): Agreement {
  return {
    id,
    adminId: 1,
    userId: 7,
    userName: 'Ole Eier',
    adminName: 'Ada Admin',
    propertyId: null,
    propertyName: null,
    title: `Møte ${id}`,
    description: null,
    meetingDate: '2026-06-10T10:00:00.000Z',
    endDate: null,
    meetingLocation: 'Telefon/Teams',
    location: 'Telefon/Teams',
    meetingType: 'general',
    status: 'scheduled',
    completedAt: null,
    cancelledAt: null,
    reminderSent: false,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...fields,
  };
}

function note(id: number, fields: Partial<AgreementNote>): AgreementNote {
  return { id, agreementId: 3, authorId: 1, content: `Notat ${id}`, isPrivate: false, authorName: 'Ada Admin', authorIsAdmin: true, createdAt: '2026-05-02T10:00:00.000Z', ...fields };
}

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('splitAgreements', () => {
  it('puts scheduled meetings still to come under upcoming, the rest under earlier, scheduled first and newest first', () => {
    const list = [
      agreement(1, { meetingDate: '2026-05-01T10:00:00Z' }),
      agreement(2, { meetingDate: '2026-07-01T10:00:00Z', status: 'cancelled' }),
      agreement(3, { meetingDate: '2026-06-02T10:00:00Z' }),
      agreement(4, { meetingDate: '2026-08-01T10:00:00Z' }),
      agreement(5, { meetingDate: '2026-09-01T10:00:00Z', status: 'completed' }),
    ];
    const { upcoming, earlier } = splitAgreements(list, NOW);
    expect(upcoming.map((a) => a.id)).toEqual([4, 3]);
    expect(earlier.map((a) => a.id)).toEqual([1, 5, 2]);
  });
});

describe('AgreementsPage', () => {
  it('shows the empty text when there are none', async () => {
    api = await startApiForApp((req) => (req.path === '/api/admin-agreements' ? { json: [] } : undefined));
    renderWithApp(<MemoryRouter><AgreementsPage /></MemoryRouter>);
    expect(await screen.findByText('Du har ingen avtaler ennå.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mine avtaler med admin' })).toBeInTheDocument();
  });

  it('links each card to its detail page, under Kommende and Tidligere', async () => {
    api = await startApiForApp((req) =>
      req.path === '/api/admin-agreements' ? { json: [agreement(3, { meetingDate: '2099-01-01T10:00:00Z' }), agreement(4, { status: 'cancelled', title: 'Avlyst møte' })] } : undefined,
    );
    renderWithApp(<MemoryRouter><AgreementsPage /></MemoryRouter>);
    expect(await screen.findByRole('heading', { name: 'Kommende' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tidligere' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Møte 3/ })).toHaveAttribute('href', '/user/agreements/3');
    expect(screen.getByText('Kansellert')).toBeInTheDocument();
  });
});

describe('AgreementsPage of a person with two properties', () => {
  const property = (id: number, name: string, role: string) => ({ id, name, address: null, timezone: 'Europe/Oslo', role, share: role === 'viewer' ? null : '100.00', canSeeMoney: role !== 'viewer' });

  it("shows the chosen property's meetings, asking for another than the first by its id, with the choice of property", async () => {
    api = await startApiForApp((req) => {
      if (req.path === '/api/properties') return { json: [property(4, 'Hytta', 'owner'), property(9, 'Leiligheten', 'viewer')] };
      if (req.path === '/api/admin-agreements') return { json: req.query.get('propertyId') === '9' ? [agreement(5, { title: 'Befaring i leiligheten', propertyId: 9 })] : [agreement(3, { title: 'Hyttemøte', propertyId: 4 })] };
      return undefined;
    });
    renderWithApp(<MemoryRouter initialEntries={['/user/agreements?property=9']}><AgreementsPage /></MemoryRouter>);
    expect(await screen.findByText('Befaring i leiligheten')).toBeInTheDocument();
    expect(await screen.findByRole('combobox')).toHaveTextContent(/Leiligheten/);
    expect(api.requests.filter((r) => r.path === '/api/admin-agreements').map((r) => r.query.get('propertyId'))).toEqual(['9']);
  });

  it('sends no propertyId for the first property, and offers no choice to a person with one', async () => {
    api = await startApiForApp((req) => {
      if (req.path === '/api/properties') return { json: [property(4, 'Hytta', 'owner')] };
      if (req.path === '/api/admin-agreements') return { json: [agreement(3, { title: 'Hyttemøte', propertyId: 4 })] };
      return undefined;
    });
    renderWithApp(<MemoryRouter><AgreementsPage /></MemoryRouter>);
    expect(await screen.findByText('Hyttemøte')).toBeInTheDocument();
    await waitFor(() => expect(api!.requests.some((r) => r.path === '/api/properties')).toBe(true));
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(api.requests.filter((r) => r.path === '/api/admin-agreements').map((r) => r.query.get('propertyId'))).toEqual([null]);
  });
});

describe('AgreementDetail', () => {
  function serve(notes: AgreementNote[], posted: RecordedRequest[] = []) {
    return startApiForApp((req) => {
      if (req.method === 'GET' && req.path === '/api/admin-agreements/3') return { json: agreement(3, { description: 'Vi går gjennom året', propertyId: 4, propertyName: 'Hytta' }) };
      if (req.method === 'GET' && req.path === '/api/admin-agreements/3/notes') return { json: notes };
      if (req.method === 'POST' && req.path === '/api/admin-agreements/3/notes') {
        posted.push(req);
        return { status: 201, json: note(99, { ...(req.body as object), authorIsAdmin: false, authorName: 'Ole Eier' }) };
      }
      return undefined;
    });
  }

  it('shows the owner the meeting with the admin’s name, notes with the Admin label, and adds a note (never private)', async () => {
    const posted: RecordedRequest[] = [];
    api = await serve([note(1, { content: 'Husk papirene' }), note(2, { content: 'Takk!', authorIsAdmin: false, authorName: 'Ole Eier', authorId: 7 })], posted);
    renderWithApp(<AgreementDetail id={3} viewer={{ id: 7, isAdmin: false, isMiniAdmin: false }} onBack={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'Møte 3' })).toBeInTheDocument();
    expect(screen.getByText('Planlagt')).toBeInTheDocument();
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('Vi går gjennom året')).toBeInTheDocument();
    expect(await screen.findByText('Husk papirene')).toBeInTheDocument();
    expect(screen.getAllByText('Admin').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText(/Privat notat/)).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Legg til notat' }));
    expect(await screen.findByText('Innhold er påkrevd')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nytt notat'), 'Jeg kommer');
    await user.click(screen.getByRole('button', { name: 'Legg til notat' }));
    expect(await screen.findByText('Notat lagt til')).toBeInTheDocument();
    expect(posted.map((r) => r.body)).toEqual([{ content: 'Jeg kommer' }]);
  });

  it('offers a viewer of the property no note form', async () => {
    api = await serve([note(1, { content: 'Husk papirene' })]);
    renderWithApp(<AgreementDetail id={3} viewer={{ id: 8, isAdmin: false, isMiniAdmin: false, viewerOf: [4] }} onBack={() => undefined} />);
    expect(await screen.findByText('Husk papirene')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Legg til notat' })).toBeNull();
  });

  it('marks private notes for staff with Privat, and offers admins the private option', async () => {
    const posted: RecordedRequest[] = [];
    api = await serve([note(1, { content: 'Kun for oss', isPrivate: true })], posted);
    renderWithApp(<AgreementDetail id={3} viewer={{ id: 1, isAdmin: true, isMiniAdmin: false }} onBack={() => undefined} />);
    expect(await screen.findByText('Kun for oss')).toBeInTheDocument();
    expect(screen.getByText('Privat')).toBeInTheDocument();
    expect(screen.getByText('Ole Eier')).toBeInTheDocument(); // the counterpart for staff is the owner
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nytt notat'), 'Intern');
    await user.click(screen.getByLabelText(/Privat notat/));
    await user.click(screen.getByRole('button', { name: 'Legg til notat' }));
    await waitFor(() => expect(posted.map((r) => r.body)).toEqual([{ content: 'Intern', isPrivate: true }]));
    // The form starts over, the private box too, so the next note is not private by accident.
    await waitFor(() => expect(screen.getByLabelText(/Privat notat/)).not.toBeChecked());
  });

  it('gives a mini admin no add-note form', async () => {
    api = await serve([]);
    renderWithApp(<AgreementDetail id={3} viewer={{ id: 5, isAdmin: false, isMiniAdmin: true }} onBack={() => undefined} />);
    expect(await screen.findByText('Ingen notater ennå.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Legg til notat' })).toBeNull();
  });

  it('says Ugyldig avtale-ID for a bad id and Avtale ikke funnet for a missing one', async () => {
    api = await serve([]);
    const { unmount } = renderWithApp(<AgreementDetail id={null} viewer={{ id: 7, isAdmin: false, isMiniAdmin: false }} onBack={() => undefined} />);
    expect(screen.getByText('Ugyldig avtale-ID')).toBeInTheDocument();
    unmount();
    renderWithApp(<AgreementDetail id={404} viewer={{ id: 7, isAdmin: false, isMiniAdmin: false }} onBack={() => undefined} />);
    expect(await screen.findByText('Avtale ikke funnet')).toBeInTheDocument();
  });
});
