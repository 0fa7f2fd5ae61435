/** The appointment form: name, e-mail and subject required; a date, not earlier than today. */
export interface AppointmentForm {
  name: string;
  email: string;
  phone: string;
  location: string;
  subject: string;
  preferredDate: string;
  preferredTime: string;
  description: string;
}

export const emptyAppointment = (): AppointmentForm => ({ name: '', email: '', phone: '', location: 'Telefon/Teams', subject: '', preferredDate: '', preferredTime: '10:00', description: '' });

/** i18n keys per invalid field; `today` is yyyy-MM-dd in the user's time zone. */
export function validateAppointment(v: AppointmentForm, today: string): Partial<Record<keyof AppointmentForm, string>> {
  const errors: Partial<Record<keyof AppointmentForm, string>> = {};
  if (!v.name.trim()) errors.name = 'appointments.validation.name';
  if (!v.email.trim()) errors.email = 'appointments.validation.email';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) errors.email = 'appointments.validation.emailInvalid';
  if (!v.subject.trim()) errors.subject = 'appointments.validation.subject';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.preferredDate)) errors.preferredDate = 'appointments.validation.date';
  else if (v.preferredDate < today) errors.preferredDate = 'appointments.validation.datePast';
  return errors;
}

/** Today as yyyy-MM-dd in local time (the date input's own format). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
