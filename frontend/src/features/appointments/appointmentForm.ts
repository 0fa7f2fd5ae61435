/** The booking form (docs/appointments.md): a free slot, a subject, how to meet; the phone is optional. */
import type { KeyErrors } from '../../shared/forms';
import type { AppointmentLocation, BookingInput } from './appointmentsApi';

export interface AppointmentForm {
  start: string | null;
  subject: string;
  description: string;
  location: AppointmentLocation;
  phone: string;
}

export const emptyAppointment = (phone = ''): AppointmentForm => ({ start: null, subject: '', description: '', location: 'phone', phone });

/** i18n keys per invalid field. */
export function validateAppointment(v: AppointmentForm): KeyErrors<AppointmentForm> {
  const errors: KeyErrors<AppointmentForm> = {};
  if (!v.start) errors.start = 'appointments.validation.slot';
  if (!v.subject.trim()) errors.subject = 'appointments.validation.subject';
  if (v.phone.trim() && !/^[+0-9 ()-]{0,20}$/.test(v.phone.trim())) errors.phone = 'appointments.validation.phone';
  return errors;
}

export function toBooking(v: AppointmentForm): BookingInput {
  return {
    start: v.start!,
    subject: v.subject.trim(),
    location: v.location,
    ...(v.description.trim() ? { description: v.description.trim() } : {}),
    ...(v.phone.trim() ? { phone: v.phone.trim() } : {}),
  };
}
