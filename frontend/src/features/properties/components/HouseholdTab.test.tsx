/**
 * Settings → Household against a real local HTTP server that keeps a property's members and invitations: the owner
 * invites, sees the link, revokes, lets a viewer see the money and removes a member; a co-owner may only leave.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../../api/queryKeys';
import type { User } from '../../../api/types';
import i18n from '../../../i18n';
import type { LocalApi, RecordedRequest } from '../../../test/localApi';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import { HouseholdTab } from './HouseholdTab';

const me = (id: number, name: string) => ({ id, username: `${id}@example.com`, email: `${id}@example.com`, name, isAdmin: false, isMiniAdmin: false }) as unknown as User;
const BERIT = me(1, 'Berit Eier');
const OLA = me(2, 'Ola Medeier');

interface State {
  myRole: string;
  name: string;
  address: string | null;
  members: { userId: number; name: string; email: string; role: string; share: string | null; canSeeMoney: boolean }[];
  invitations: { id: number; email: string; role: string; canSeeMoney: boolean; expiresAt: string; createdAt: string }[];
}

function household(myRole: string): State {
  return {
    myRole,
    name: 'Hytta',
    address: null,
    members: [
      { userId: 1, name: 'Berit Eier', email: 'berit@example.com', role: 'owner', share: '60.00', canSeeMoney: true },
      { userId: 2, name: 'Ola Medeier', email: 'ola@example.com', role: 'co-owner', share: '40.00', canSeeMoney: true },
      { userId: 3, name: 'Rita Regnskap', email: 'rita@example.com', role: 'viewer', share: null, canSeeMoney: false },
    ],
    invitations: [{ id: 5, email: 'gammel@example.com', role: 'viewer', canSeeMoney: false, expiresAt: '2025-06-09T10:00:00.000Z', createdAt: '2025-06-02T10:00:00.000Z' }],
  };
}

/** The server's side of one property (id 4): reads and the household's changes, kept in `state`. */
function serve(state: State) {
  return ({ method, path, body }: RecordedRequest) => {
    if (method === 'GET' && path === '/api/properties') return { json: [{ id: 4, name: state.name, address: state.address, timezone: 'Europe/Oslo', role: state.myRole, share: null, canSeeMoney: true }] };
    if (method === 'PATCH' && path === '/api/properties/4') {
      Object.assign(state, body);
      return { json: { id: 4, name: state.name, address: state.address, timezone: 'Europe/Oslo' } };
    }
    if (method === 'GET' && path === '/api/properties/4/members') return { json: state.members };
    if (method === 'GET' && path === '/api/properties/4/invitations') return { json: state.invitations };
    if (method === 'POST' && path === '/api/properties/4/invitations') {
      const { email, role } = body as { email: string; role: string };
      const created = { id: 6, email, role, canSeeMoney: false, expiresAt: '2025-06-09T10:00:00.000Z', createdAt: '2025-06-02T10:00:00.000Z' };
      state.invitations.push(created);
      return { status: 201, json: { ...created, link: 'http://portal.example/invitation/tok-6', mailed: false } };
    }
    const revoke = /^\/api\/properties\/4\/invitations\/(\d+)$/.exec(path);
    if (method === 'DELETE' && revoke) {
      state.invitations = state.invitations.filter((i) => i.id !== Number(revoke[1]));
      return { json: { message: 'Invitasjonen er trukket tilbake' } };
    }
    const member = /^\/api\/properties\/4\/members\/(\d+)$/.exec(path);
    if (member && method === 'PATCH') {
      const found = state.members.find((m) => m.userId === Number(member[1]))!;
      Object.assign(found, body);
      return { json: found };
    }
    if (member && method === 'DELETE') {
      state.members = state.members.filter((m) => m.userId !== Number(member[1]));
      return { json: { message: 'Personen har ikke lenger tilgang til eiendommen' } };
    }
    return undefined;
  };
}

describe('the household tab', () => {
  let api: LocalApi;
  let state: State;
  beforeEach(async () => {
    await i18n.changeLanguage('nb');
    state = household('owner');
    api = await startApiForApp((request) => serve(state)(request));
  });
  afterEach(() => api.close());

  const renderAs = (user: User) => {
    const rendered = renderWithApp(<HouseholdTab />);
    rendered.queryClient.setQueryData(queryKeys.currentUser, user);
    return rendered;
  };
  const members = () => screen.getByRole('list', { name: 'Medlemmer' });
  const sent = (method: string) => api.requests.filter((r) => r.method === method).map((r) => [r.path, r.body]);

  it('lets the owner invite a viewer who sees the money, hand on the link, and revoke an invitation', async () => {
    const user = userEvent.setup();
    renderAs(BERIT);
    await screen.findByRole('list', { name: 'Medlemmer' });
    expect(await within(members()).findByText('Berit Eier (berit@example.com)')).toBeInTheDocument();
    expect(within(members()).getByText('eier · 60.00 %')).toBeInTheDocument();
    expect(within(members()).getByText('leser')).toBeInTheDocument();
    expect(await screen.findByText('gammel@example.com')).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-post'), 'ikke en adresse');
    await user.click(screen.getByRole('button', { name: 'Send invitasjon' }));
    expect(screen.getByText('E-postadresse må være gyldig')).toBeInTheDocument();
    expect(sent('POST')).toEqual([]);

    await user.clear(screen.getByLabelText('E-post'));
    await user.type(screen.getByLabelText('E-post'), ' kari@example.com ');
    await user.click(screen.getByRole('checkbox', { name: 'Kan se utbetalinger' }));
    await user.click(screen.getByRole('button', { name: 'Send invitasjon' }));
    expect(await screen.findByText('E-post er ikke satt opp: gi lenken til kari@example.com selv. Den virker én gang og i 7 dager.')).toBeInTheDocument();
    expect(screen.getByLabelText('Invitasjonslenke')).toHaveValue('http://portal.example/invitation/tok-6');
    expect(sent('POST')).toEqual([['/api/properties/4/invitations', { email: 'kari@example.com', role: 'viewer', canSeeMoney: true }]]);
    const pending = screen.getByRole('list', { name: 'Ventende invitasjoner' });
    expect(await within(pending).findByText('kari@example.com')).toBeInTheDocument();

    await user.click(within(within(pending).getByText('gammel@example.com').closest('li')!).getByRole('button', { name: 'Trekk tilbake' }));
    await waitFor(() => expect(within(pending).queryByText('gammel@example.com')).not.toBeInTheDocument());
    expect(sent('DELETE')).toEqual([['/api/properties/4/invitations/5', undefined]]);
  });

  it('lets the owner rename the property and give its address, and refuses an empty name before sending', async () => {
    const user = userEvent.setup();
    renderAs(BERIT);
    const name = await screen.findByRole('textbox', { name: 'Navn på eiendommen' });
    expect(name).toHaveValue('Hytta');
    expect(screen.getByRole('button', { name: 'Lagre navn og adresse' })).toBeDisabled();
    await user.clear(name);
    expect(screen.getByText('Navn er påkrevd')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lagre navn og adresse' })).toBeDisabled();
    await user.type(name, ' Hytta på Geilo ');
    await user.type(screen.getByRole('textbox', { name: 'Adresse' }), 'Fjellvegen 1, 3580 Geilo');
    await user.click(screen.getByRole('button', { name: 'Lagre navn og adresse' }));
    expect(await screen.findByText('Eiendommen er oppdatert')).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([['/api/properties/4', { name: 'Hytta på Geilo', address: 'Fjellvegen 1, 3580 Geilo' }]]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lagre navn og adresse' })).toBeDisabled());
  });

  it("lets the owner let a viewer see the money and remove a member after asking", async () => {
    const user = userEvent.setup();
    renderAs(BERIT);
    await user.click(await screen.findByRole('switch', { name: 'La Rita Regnskap se utbetalingene' }));
    expect(await within(members()).findByText('leser · ser utbetalinger')).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([['/api/properties/4/members/3', { canSeeMoney: true }]]);

    // The owner is never removable; the others are.
    const rows = within(members()).getAllByRole('listitem');
    expect(within(rows[0]).queryByRole('button', { name: 'Fjern' })).toBeNull();
    await user.click(within(rows[1]).getByRole('button', { name: 'Fjern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fjerne medlemmet?' });
    expect(within(dialog).getByText('Ola Medeier mister tilgangen til eiendommen.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fjern' }));
    await waitFor(() => expect(within(members()).queryByText('Ola Medeier (ola@example.com)')).not.toBeInTheDocument());
    expect(sent('DELETE')).toEqual([['/api/properties/4/members/2', undefined]]);
  });

  it('gives a co-owner the list and a way to leave, and nothing of the owner’s', async () => {
    state.myRole = 'co-owner';
    const user = userEvent.setup();
    renderAs(OLA);
    await screen.findByRole('list', { name: 'Medlemmer' });
    expect(await within(members()).findByText('Ola Medeier (ola@example.com)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitasjon' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    // The name and address are theirs to change too.
    expect(screen.getByRole('textbox', { name: 'Navn på eiendommen' })).toHaveValue('Hytta');
    expect(within(members()).getAllByRole('button').map((b) => b.textContent)).toEqual(['Forlat eiendommen']);
    await user.click(within(members()).getByRole('button', { name: 'Forlat eiendommen' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Forlate eiendommen?' })).getByRole('button', { name: 'Forlat eiendommen' }));
    await waitFor(() => expect(sent('DELETE')).toEqual([['/api/properties/4/members/2', undefined]]));
    // A co-owner asks for no invitations: they are the owner's.
    expect(api.requests.some((r) => r.path.endsWith('/invitations'))).toBe(false);
  });

  it('gives a viewer the members and nothing to change', async () => {
    state.myRole = 'viewer';
    renderAs(me(3, 'Rita Regnskap'));
    expect(await within(await screen.findByRole('list', { name: 'Medlemmer' })).findByText('Rita Regnskap (rita@example.com)')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Navn på eiendommen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitasjon' })).toBeNull();
  });
});
