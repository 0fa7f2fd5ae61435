/**
 * The staff's user picker against a real local HTTP server: it searches on the server as one types (debounced, one
 * page), never fetches every user, shows a chosen user read by id, and hands back the user picked.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../test/localApi';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { PAGE_SIZE, UserPicker, narrowToTyped, type PickedUser } from './UserPicker';

const USERS: PickedUser[] = [
  { id: 1, name: 'Ada Admin', username: 'ada@example.com', isAdmin: true },
  { id: 7, name: 'Ole Hansen', username: 'ole@example.com' },
  { id: 8, name: 'Kari Hansen', username: 'kari@example.com' },
  { id: 9, name: 'Bjørn Ås', username: 'bjorn@example.com' },
];

let api: LocalApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

function Harness({ initial = null, filter }: { initial?: number | null; filter?: { isAdmin?: boolean } }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <UserPicker label="Bruker" value={value} filter={filter} onChange={(u) => setValue(u?.id ?? null)} />
      <p>valgt: {value ?? 'ingen'}</p>
    </>
  );
}

async function start(hold?: (q: string) => Promise<void> | undefined) {
  api = await startApiForApp(async (req) => {
    const one = /^\/api\/admin\/users\/(\d+)$/.exec(req.path);
    if (one) return { json: USERS.find((u) => u.id === Number(one[1])) };
    if (req.path === '/api/admin/users') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      await hold?.(q);
      const filter = JSON.parse(req.query.get('filter') ?? '{}') as { isAdmin?: boolean };
      const rows = USERS.filter((u) => u.name.toLowerCase().split(' ').some((w) => w.startsWith(q)) && (filter.isAdmin === undefined || Boolean(u.isAdmin) === filter.isAdmin));
      return { json: rows, headers: { 'Content-Range': `users 0-${rows.length - 1}/${rows.length}` } };
    }
    return { status: 404, json: {} };
  });
}

const searches = () => api!.requests.filter((r) => r.path === '/api/admin/users');

describe('UserPicker', () => {
  it('searches the server as one types, one page at a time, and hands back the user chosen', async () => {
    await start();
    renderWithApp(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Bruker' });
    await userEvent.click(input);
    // Typed in one go: the letters land well inside one debounce pause.
    await userEvent.type(input, 'hans', { delay: null });
    await waitFor(() => expect(searches().some((r) => r.query.get('q') === 'hans')).toBe(true));
    expect(await screen.findByRole('option', { name: 'Kari Hansen (kari@example.com)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ole Hansen (ole@example.com)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Bjørn/ })).not.toBeInTheDocument();
    // Every read is a page, and the typing was debounced: no search per letter.
    expect(searches().every((r) => r.query.get('range') === JSON.stringify([0, PAGE_SIZE - 1]))).toBe(true);
    expect(searches().map((r) => r.query.get('q')).filter(Boolean)).toEqual(['hans']);
    await userEvent.click(screen.getByRole('option', { name: 'Ole Hansen (ole@example.com)' }));
    expect(screen.getByText('valgt: 7')).toBeInTheDocument();
    expect(input).toHaveValue('Ole Hansen (ole@example.com)');
  });

  it('shows a chosen user by name without a search, and sends its filter', async () => {
    await start();
    renderWithApp(<Harness initial={9} filter={{ isAdmin: false }} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bruker' })).toHaveValue('Bjørn Ås (bjorn@example.com)'));
    expect(searches()).toHaveLength(0);
    await userEvent.click(screen.getByRole('combobox', { name: 'Bruker' }));
    await waitFor(() => expect(searches().length).toBeGreaterThan(0));
    expect(searches().every((r) => r.query.get('filter') === JSON.stringify({ isAdmin: false }))).toBe(true);
  });

  it('narrows the list on screen to the typed text while the search is on its way, so a tapped option does not jump', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await start((q) => (q === 'kari' ? held : undefined));
    renderWithApp(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Bruker' });
    await userEvent.click(input);
    expect(await screen.findByRole('option', { name: 'Ole Hansen (ole@example.com)' })).toBeInTheDocument();
    await userEvent.type(input, 'kari', { delay: null });
    // The answer for 'kari' is held: the first answer, narrowed, is what shows.
    await waitFor(() => expect(searches().some((r) => r.query.get('q') === 'kari')).toBe(true));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Kari Hansen (kari@example.com)']);
    await userEvent.click(screen.getByRole('option', { name: 'Kari Hansen (kari@example.com)' }));
    expect(screen.getByText('valgt: 8')).toBeInTheDocument();
    release();
    await waitFor(() => expect(input).toHaveValue('Kari Hansen (kari@example.com)'));
    expect(screen.getByText('valgt: 8')).toBeInTheDocument();
  });
});

describe('narrowToTyped', () => {
  it('keeps users whose name, sign-in name, e-mail or phone holds every typed word', () => {
    const users: PickedUser[] = [...USERS, { id: 10, name: 'Per Persen', username: 'pp', email: 'per@firma.no', phoneNumber: '+4799887766' }];
    expect(narrowToTyped(users, 'HANSEN ole').map((u) => u.id)).toEqual([7]);
    expect(narrowToTyped(users, 'firma').map((u) => u.id)).toEqual([10]);
    expect(narrowToTyped(users, '99887').map((u) => u.id)).toEqual([10]);
    expect(narrowToTyped(users, '  ').map((u) => u.id)).toEqual([1, 7, 8, 9, 10]);
  });
});
