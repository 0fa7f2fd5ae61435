/** An agreement between staff (`actorId` acted) and its owner `userId`; `meetingDate` is ISO, `endDate` null for a meeting without an end. */
export interface AgreementEvent { userId: number; actorId: number; agreementId: number; title: string; meetingDate: string; endDate: string | null }

/** An agreement's changes, and what becomes of a staff member's meetings when they or the owner leave (docs/roles.md#removing-a-person). */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** An admin made an agreement (a meeting still to come) with the owner `userId`. */
    'agreements.created': AgreementEvent;
    /** An admin changed a scheduled meeting's time, place or text, or put a cancelled one back on. */
    'agreements.changed': AgreementEvent;
    /** An admin cancelled (or deleted) a meeting still to come. */
    'agreements.cancelled': AgreementEvent;
    /** Staff added a note the owner can read (never a private one). */
    'agreements.note.added': AgreementEvent & { noteId: number };
    /** The owner wrote a note on their agreement; `recipients` are its staff (the creator and staff who wrote notes). */
    'agreements.owner.note.added': AgreementEvent & { noteId: number; ownerName: string; recipients: number[] };
    /** A departing staff member's upcoming meeting (not booked through the booking page) now belongs to `successorId`. */
    'agreements.handed_over': { agreementId: number; userId: number; successorId: number; fromName: string; title: string; meetingDate: string };
    /** The owner of an upcoming meeting was deleted, and the meeting with them; `staffUserId` held it. */
    'agreements.owner.removed': { staffUserId: number; ownerName: string; title: string; meetingDate: string };
  }
}

