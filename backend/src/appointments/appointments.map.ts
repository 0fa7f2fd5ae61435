import type { AppointmentClosedDate } from './appointment.entity';
import type { HoursView } from './appointment-hours.service';
import type { AppointmentHoursResponse, AppointmentResponse, ClosedDateResponse } from './appointments.dto';
import type { AppointmentView } from './appointments.service';

export function mapAppointment({ appointment: a, userName, staffName }: AppointmentView): AppointmentResponse {
  return {
    id: a.id,
    start: a.startAt,
    end: a.endAt,
    status: a.status,
    agreementId: a.agreementId,
    staffUserId: a.staffUserId,
    staffName,
    userId: a.userId,
    userName,
    subject: a.subject,
    description: a.description,
    location: a.location,
    phone: a.phone,
    cancelledAt: a.cancelledAt,
    createdAt: a.createdAt,
  };
}

export function mapHours({ hours: h, staffNames }: HoursView): AppointmentHoursResponse {
  return { id: h.id, weekday: h.weekday, startTime: h.startTime, endTime: h.endTime, staffUserIds: h.staffUserIds, staffNames, updatedAt: h.updatedAt };
}

/** A date column as YYYY-MM-DD, whichever way the driver hands it over. */
const dayText = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`);

export function mapClosedDate(c: AppointmentClosedDate): ClosedDateResponse {
  return { id: c.id, date: dayText(c.date), reason: c.reason };
}
