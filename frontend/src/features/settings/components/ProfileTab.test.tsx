/** Settings → Profile: deleting one's own account is offered to owners and mini admins, never to an admin. */
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../api/types';
import i18n from '../../../i18n';
import { renderWithApp } from '../../../test/renderWithApi';
import { ProfileTab } from './ProfileTab';

const owner = { id: 7, username: 'ole@example.com', name: 'Ole Owner', email: 'ole@example.com', phoneNumber: null, accountNumber: null, isAdmin: false, isMiniAdmin: false } as unknown as User;

beforeEach(() => i18n.changeLanguage('nb'));

describe('ProfileTab', () => {
  it("offers an owner to delete the account", () => {
    renderWithApp(<MemoryRouter><ProfileTab user={owner} /></MemoryRouter>);
    expect(screen.getByRole('button', { name: 'Slett konto' })).toBeInTheDocument();
  });

  it('tells an admin why their own account cannot be deleted here, instead of a button the server refuses', () => {
    renderWithApp(<MemoryRouter><ProfileTab user={{ ...owner, isAdmin: true }} /></MemoryRouter>);
    expect(screen.queryByRole('button', { name: 'Slett konto' })).not.toBeInTheDocument();
    expect(screen.getByText(/kan du ikke slette din egen konto/)).toBeInTheDocument();
  });
});
