/**
 * /appointments with no booking service configured: the warning, the form's rules (date not before today), and a
 * valid submit that only shows the configuration error; no request leaves the page.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { renderWithApp } from '../../test/renderWithApi';
import { emptyAppointment, localToday, validateAppointment } from './appointmentForm';
import { AppointmentsPage } from './AppointmentsPage';

const fetchSpy = vi.fn();
beforeEach(async () => {
  await i18n.changeLanguage('nb');
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

describe('AppointmentsPage', () => {
  it('warns that the service is not configured and blocks a valid submit with the configuration error', async () => {
    renderWithApp(<AppointmentsPage />);
    expect(screen.getAllByText('Konfigurationsfeil').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Koble til Google Calendar' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Sted' })).toHaveValue('Telefon/Teams');
    expect(screen.getByLabelText('Ønsket klokkeslett')).toHaveValue('10:00');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Bestill møte' }));
    expect(await screen.findByText('Navn er påkrevd')).toBeInTheDocument();
    expect(screen.getByText('E-post er påkrevd')).toBeInTheDocument();
    expect(screen.getByText('Emne er påkrevd')).toBeInTheDocument();
    expect(screen.getByText('Dato er påkrevd')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Fullt navn' }), 'Ole Eier');
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'ole@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Emne' }), 'Gjennomgang');
    await user.type(screen.getByLabelText(/Ønsket dato/), localToday());
    // The page's warning is joined by the toast that refuses the booking.
    const CONFIG_TEXT = 'API-nøklene til den eksterne kalendertjenesten mangler. Kontakt administrator.';
    expect(screen.getAllByText(CONFIG_TEXT)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Bestill møte' }));
    await waitFor(() => expect(screen.getAllByText(CONFIG_TEXT)).toHaveLength(2));
    expect(screen.queryByText('Navn er påkrevd')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a date before today', () => {
    const today = '2025-06-02';
    const base = { ...emptyAppointment(), name: 'Ole', email: 'ole@example.com', subject: 'Møte' };
    expect(validateAppointment({ ...base, preferredDate: '2025-06-02' }, today)).toEqual({});
    expect(validateAppointment({ ...base, preferredDate: '2025-06-01' }, today)).toEqual({ preferredDate: 'appointments.validation.datePast' });
    expect(validateAppointment({ ...base, email: 'ole', preferredDate: '2025-06-03' }, today)).toEqual({ email: 'appointments.validation.emailInvalid' });
  });
});
