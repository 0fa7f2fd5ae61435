import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../api/types';
import { createQueryClient } from '../../../app/queryClient';
import { ToastProvider } from '../../../shared/toast';
import i18n from '../../../i18n';
import { AddEventDialog } from './AddEventDialog';

const owner: User = {
  id: 7,
  username: 'ola@example.no',
  name: 'Ola Nordmann',
  email: 'ola@example.no',
  isAdmin: false,
  isMiniAdmin: false,
  isBlocked: false,
  blockReason: null,
  blockedAt: null,
  adminInfo: null,
  adminInfoUpdatedAt: null,
  lastLoginAt: null,
  phoneNumber: null,
  accountNumber: null,
  createdAt: '2025-01-01T00:00:00Z',
};

function renderDialog() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <AddEventDialog open date="2025-07-01" currentUser={owner} viewedUserId={null} onClose={() => {}} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('add-event dialog', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    await i18n.changeLanguage('nb');
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchSpy.mockRestore());

  it('shows the fixed times read-only and the dates it opened with', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Legg til ny hendelse' })).toBeInTheDocument();
    expect(screen.getByLabelText('Starttid')).toHaveValue('11:00');
    expect(screen.getByLabelText('Starttid')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Sluttid')).toHaveValue('15:00');
    expect(screen.getByLabelText('Fra dato')).toHaveValue('2025-07-01');
    expect(screen.getByLabelText('Til dato')).toHaveValue('2025-07-01');
    expect(screen.queryByLabelText('Velg bruker for hendelsen')).not.toBeInTheDocument();
  });

  it('refuses an empty title with the validation toast and sends nothing', async () => {
    const user = userEvent.setup();
    renderDialog();
    const title = screen.getByRole('textbox', { name: /Tittel/ });
    await user.clear(title);
    expect(title).toHaveAttribute('placeholder', 'Eiersperre tid');
    await user.click(screen.getByRole('button', { name: 'Lagre hendelse' }));
    expect(await screen.findByText('Valideringsfeil')).toBeInTheDocument();
    expect(screen.getByText('Vennligst fyll ut alle påkrevde felt korrekt')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a missing start date and an end date before the start', async () => {
    const user = userEvent.setup();
    renderDialog();
    fireEvent.change(screen.getByLabelText('Til dato'), { target: { value: '2025-06-20' } });
    await user.click(screen.getByRole('button', { name: 'Lagre hendelse' }));
    expect(await screen.findByText('Ugyldig sluttdato')).toBeInTheDocument();
    expect(screen.getByText('Vennligst velg en gyldig dato')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('moves the to-date up when the from-date passes it', () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Fra dato'), { target: { value: '2025-07-09' } });
    expect(screen.getByLabelText('Til dato')).toHaveValue('2025-07-09');
    fireEvent.change(screen.getByLabelText('Til dato'), { target: { value: '2025-07-12' } });
    fireEvent.change(screen.getByLabelText('Fra dato'), { target: { value: '2025-07-10' } });
    expect(screen.getByLabelText('Til dato')).toHaveValue('2025-07-12');
  });
});
