/**
 * /appointments against a local HTTP server: the slot picker (a date, then its times, in Oslo time on
 * daylight-saving days too), the friendly empty state, a booking with the owner's details, a slot taken meanwhile,
 * and cancelling an upcoming appointment. The test clock stands at Monday 2025-06-02 12:00 in Oslo.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalApi, RecordedRequest } from '../../test/localApi';
import type { Appointment, AppointmentSlot } from '../../api/types';
import i18n from '../../i18n';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { validateAppointment, emptyAppointment } from './appointmentForm';
import { AppointmentsPage } from './AppointmentsPage';
import { SlotPicker } from './components/SlotPicker';
import { slotWindow, slotsByDay } from './slots';

const slot = (start: string, minutes = 30): AppointmentSlot => ({ start, end: new Date(new Date(start).getTime() + minutes * 60_000).toISOString() });
const SLOTS = [slot('2025-06-03T07:00:00.000Z'), slot('2025-06-03T07:30:00.000Z'), slot('2025-06-05T12:00:00.000Z')];
const OWNER = { id: 7, name: 'Ole Eier', email: 'ole@example.com', username: 'ole@example.com', phoneNumber: '+47 912 34 567', isAdmin: false, isMiniAdmin: false };

function appointment(id: number, fields: Partial<Appointment> = {}): Appointment {
  return {
    id, start: '2025-06-04T08:00:00.000Z', end: '2025-06-04T08:30:00.000Z', status: 'booked', agreementId: 40 + id, staffUserId: 2, staffName: 'Siri Stab', userId: 7, userName: 'Ole Eier',
    subject: 'Gjennomgang', description: null, location: 'video', phone: null, cancelledAt: null, createdAt: '2025-06-01T10:00:00.000Z', ...fields,
  } as Appointment;
}

beforeEach(() => i18n.changeLanguage('nb'));

describe('slot picker', () => {
  function Picker({ slots, onPick }: { slots: AppointmentSlot[]; onPick: (start: string | null) => void }) {
    const [value, setValue] = useState<string | null>(null);
    return <SlotPicker slots={slots} value={value} onChange={(v) => (setValue(v), onPick(v))} />;
  }

  it('offers the days with free times, then that day’s times in Oslo time', async () => {
    const onPick = vi.fn();
    renderWithApp(<Picker slots={SLOTS} onPick={onPick} />);
    const day = screen.getByRole('combobox', { name: 'Dato' });
    expect(within(day).getAllByRole('option').map((o) => o.textContent)).toEqual(['tirsdag 3. juni 2025', 'torsdag 5. juni 2025']);
    const times = screen.getByRole('group', { name: 'Klokkeslett' });
    expect(within(times).getAllByRole('button').map((b) => b.textContent)).toEqual(['09:00', '09:30']);
    const user = userEvent.setup();
    await user.click(within(times).getByRole('button', { name: '09:30' }));
    expect(onPick).toHaveBeenLastCalledWith('2025-06-03T07:30:00.000Z');
    expect(within(times).getByRole('button', { name: '09:30' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(day, '2025-06-05');
    expect(onPick).toHaveBeenLastCalledWith(null);
    expect(within(times).getAllByRole('button').map((b) => b.textContent)).toEqual(['14:00']);
  });

  it('shows wall times on both sides of the October switch', () => {
    const days = slotsByDay([slot('2025-10-26T08:00:00.000Z'), slot('2025-10-25T07:00:00.000Z')]);
    expect(days.map((d) => d.day)).toEqual(['2025-10-25', '2025-10-26']);
    renderWithApp(<Picker slots={[slot('2025-10-25T07:00:00.000Z'), slot('2025-10-26T08:00:00.000Z')]} onPick={() => {}} />);
    expect(within(screen.getByRole('group', { name: 'Klokkeslett' })).getByRole('button').textContent).toBe('09:00');
  });

  it('asks for today in Oslo through 60 days later, and checks the form', () => {
    expect(slotWindow(new Date('2025-06-01T22:30:00Z'))).toEqual({ from: '2025-06-02', to: '2025-08-01' });
    expect(validateAppointment(emptyAppointment())).toEqual({ start: 'appointments.validation.slot', subject: 'appointments.validation.subject' });
    expect(validateAppointment({ ...emptyAppointment('abc'), start: SLOTS[0].start, subject: 'Hei' })).toEqual({ phone: 'appointments.validation.phone' });
  });
});

describe('AppointmentsPage', () => {
  let api: LocalApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  function serve(slots: AppointmentSlot[], upcoming: Appointment[], onPost?: (req: RecordedRequest) => { status: number; json: unknown }) {
    return startApiForApp((req) => {
      if (req.path === '/api/user') return { json: OWNER };
      if (req.path === '/api/appointments/slots') return { json: slots };
      if (req.method === 'GET' && req.path === '/api/appointments') return { json: upcoming };
      if (req.method === 'POST' && req.path === '/api/appointments') return onPost?.(req);
      if (req.method === 'DELETE' && req.path === '/api/appointments/3') return { json: appointment(3, { status: 'cancelled' }) };
      return undefined;
    });
  }

  it('says kindly that no times are published, without an error or the old external calendar card', async () => {
    api = await serve([], []);
    renderWithApp(<AppointmentsPage />);
    expect(await screen.findByText('Ingen ledige timer akkurat nå')).toBeInTheDocument();
    expect(screen.queryByText(/Google Calendar/)).toBeNull();
    expect(screen.queryByRole('alert', { name: /feil/i })).toBeNull();
    expect(await screen.findByText('Du har ingen kommende timer.')).toBeInTheDocument();
    const slotsRead = api.requests.find((r) => r.path === '/api/appointments/slots')!;
    expect(Object.fromEntries(slotsRead.query)).toEqual({ from: '2025-06-02', to: '2025-08-01' });
  });

  it('books the chosen slot with the owner’s details, and tells when it was taken meanwhile', async () => {
    let answer = { status: 201, json: appointment(9) as unknown };
    api = await serve(SLOTS, [], () => answer);
    renderWithApp(<AppointmentsPage />);
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'Navn' })).toHaveValue('Ole Eier');
    expect(screen.getByRole('textbox', { name: 'Navn' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveValue('ole@example.com');
    expect(screen.getByRole('textbox', { name: 'Telefon' })).toHaveValue('+47 912 34 567');

    await user.click(screen.getByRole('button', { name: 'Bestill time' }));
    expect(await screen.findByText('Velg dato og klokkeslett')).toBeInTheDocument();
    expect(screen.getByText('Emne er påkrevd')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '09:30' }));
    await user.type(screen.getByRole('textbox', { name: /Emne/ }), 'Skatt');
    await user.click(screen.getByRole('radio', { name: 'Video' }));
    await user.click(screen.getByRole('button', { name: 'Bestill time' }));
    expect(await screen.findByText('Timen er bestilt')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ start: '2025-06-03T07:30:00.000Z', subject: 'Skatt', location: 'video', phone: '+47 912 34 567' }]);

    answer = { status: 409, json: { message: 'Timen er nettopp tatt. Velg en annen.', code: 'appointment_slot_taken' } };
    await user.click(screen.getByRole('button', { name: '09:00' }));
    await user.type(screen.getByRole('textbox', { name: /Emne/ }), 'Utleie');
    await user.click(screen.getByRole('button', { name: 'Bestill time' }));
    expect(await screen.findByText('Timen ble nettopp tatt. Velg en annen.')).toBeInTheDocument();
  });

  it('tells the reader in their own language that the upcoming limit or the booking budget is reached', async () => {
    let answer = { status: 409, json: { message: 'Du kan ha høyst 3 kommende timer. Avlys en av dem før du bestiller en ny.', code: 'appointment_limit', params: { max: 3 } } as unknown };
    api = await serve(SLOTS, [], () => answer);
    await i18n.changeLanguage('en');
    renderWithApp(<AppointmentsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '09:30' }));
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Tax');
    await user.click(screen.getByRole('radio', { name: 'Video' }));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('You can hold at most 3 upcoming appointments. Cancel one of them before booking another.')).toBeInTheDocument();

    answer = { status: 429, json: { message: 'For mange bestillinger på kort tid. Vent litt og prøv igjen.', code: 'appointment_rate_limited' } };
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Too many bookings in a short time. Wait a little and try again.')).toBeInTheDocument();
  });

  it('lists the upcoming appointments and cancels one', async () => {
    api = await serve(SLOTS, [appointment(3), appointment(4, { start: '2025-06-02T11:00:00.000Z', subject: 'Snart' })]);
    renderWithApp(<AppointmentsPage />);
    const user = userEvent.setup();
    expect(await screen.findByText('onsdag 4. juni 2025 10:00')).toBeInTheDocument();
    expect(screen.getAllByText('Video · Med Siri Stab')).toHaveLength(2);
    // 13:00 today is less than two hours away: no cancel button, a hint instead.
    expect(screen.getByText('Mindre enn to timer igjen: ta kontakt med oss for å avlyse.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Avlys timen/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Avlys timen onsdag 4. juni 2025 10:00' }));
    expect(await screen.findByText('Timen er avlyst')).toBeInTheDocument();
    await waitFor(() => expect(api!.requests.some((r) => r.method === 'DELETE' && r.path === '/api/appointments/3')).toBe(true));
  });
});
