/**
 * The free slots of a window of days, and the owner's booked appointments. A file of its own because the manifest
 * names the prefixes a push refreshes and must not carry the appointment calls into the shell.
 */
export const appointmentsKeys = {
  all: ['/api/appointments'] as const,
  slotsAll: ['/api/appointments/slots'] as const,
  slots: (from: string, to: string) => ['/api/appointments/slots', { from, to }] as const,
  upcoming: ['/api/appointments', 'upcoming'] as const,
};
