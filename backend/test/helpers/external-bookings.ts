import type { ExternalBookingInput } from '../../src/bookings/external-booking.types';

/** A confirmed all-day stay as a source's pull hands it to the bookings store: check-in to check-out (exclusive). */
export function allDayStay(uid: string, checkIn: string, checkOut: string, fields: Partial<ExternalBookingInput> = {}): ExternalBookingInput {
  return {
    externalUid: uid, startTime: new Date(`${checkIn}T00:00:00Z`), endsAt: new Date(`${checkOut}T00:00:00Z`), allDay: true, startDate: checkIn, endDate: checkOut,
    summary: 'Reserved', description: null, location: null, status: 'confirmed', kind: 'booking', sequence: 0, ...fields,
  };
}
