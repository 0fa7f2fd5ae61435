/** An appointment of owner `userId` with `staffUserId` (null once that account is gone); `start` is ISO. */
export interface AppointmentEvent { appointmentId: number; userId: number; staffUserId: number | null; actorId: number; subject: string; start: string; ownerName: string }

/** Appointments booked and cancelled, and what becomes of a staff member's when they or the owner leave (docs/roles.md#removing-a-person). */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** An owner booked an appointment; its staff member is told (docs/appointments.md). */
    'appointments.booked': AppointmentEvent;
    /** An appointment was cancelled by `actorId` (its owner or staff); the other side is told. */
    'appointments.cancelled': AppointmentEvent;
    /** A departing staff member's upcoming appointment now belongs to `successorId`. */
    'appointments.handed_over': { appointmentId: number; successorId: number; fromName: string; subject: string; start: string; ownerName: string };
    /** A departing staff member's upcoming appointment was cancelled by `actorId` (an admin); the owner is told. */
    'appointments.withdrawn': { appointmentId: number; userId: number; subject: string; start: string };
    /** The owner of an upcoming appointment was deleted, and the appointment with them; `staffUserId` held it. */
    'appointments.owner.removed': { staffUserId: number; ownerName: string; subject: string; start: string };
  }
}

