/**
 * The appointment calls (docs/appointments.md): the free slots of the next 60 days, the owner's upcoming bookings,
 * booking and cancelling. After either change the slots and the list are read again: a slot taken by someone else
 * in the meantime disappears, a cancelled one comes back.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { Appointment, AppointmentSlot } from '../../api/types';
import { appointmentsKeys } from './appointmentsKeys';

export type AppointmentLocation = Appointment['location'];

export interface BookingInput {
  start: string;
  subject: string;
  description?: string;
  location: AppointmentLocation;
  phone?: string;
}

export { appointmentsKeys };

export function useSlots(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: appointmentsKeys.slots(from, to),
    queryFn: () => apiJson<AppointmentSlot[]>('GET', `/api/appointments/slots?${new URLSearchParams({ from, to })}`),
    enabled,
  });
}

/** The owner's booked appointments still to come, soonest first. */
export function useUpcomingAppointments(enabled = true) {
  const query = new URLSearchParams({ filter: JSON.stringify({ upcoming: true, status: 'booked' }), sort: JSON.stringify(['start', 'ASC']), range: JSON.stringify([0, 99]) });
  return useQuery({
    queryKey: appointmentsKeys.upcoming,
    queryFn: () => apiJson<Appointment[]>('GET', `/api/appointments?${query}`),
    enabled,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: appointmentsKeys.slotsAll }),
      queryClient.invalidateQueries({ queryKey: appointmentsKeys.all }),
    ]);
}

export function useBookAppointment() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: BookingInput) => apiJson<Appointment>('POST', '/api/appointments', input), onSettled: refresh });
}

export function useCancelAppointment() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => apiJson<Appointment>('DELETE', `/api/appointments/${id}`), onSettled: refresh });
}
