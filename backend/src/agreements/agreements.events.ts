import type { AgreementResponse } from './agreements.dto';

/**
 * An agreement between staff (`actorId` acted) and its owner `userId`, about the property `propertyId`, whose members
 * (`members`, every role) its news reaches; `meetingDate` is ISO, `endDate` null for a meeting without an end; `agreement` is the API's answer for it (webhooks).
 */
export interface AgreementEvent { userId: number; actorId: number; agreementId: number; propertyId: number | null; members: number[]; title: string; meetingDate: string; endDate: string | null; agreement?: AgreementResponse }

/** An agreement's changes, and what becomes of a staff member's meetings when they or the owner leave (docs/roles.md#removing-a-person). */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** An admin made an agreement (a meeting still to come) with the owner `userId` about their property. */
    'agreements.created': AgreementEvent;
    /** An admin changed a scheduled meeting's time, place or text, or put a cancelled one back on. */
    'agreements.changed': AgreementEvent;
    /** An admin cancelled (or deleted) a meeting still to come. */
    'agreements.cancelled': AgreementEvent;
    /** Staff, or a member of the property, added a note the members can read (never a private one). */
    'agreements.note.added': AgreementEvent & { noteId: number };
    /** A member of the property (`ownerName`) wrote a note on its agreement; `recipients` are its staff (the creator and staff who wrote notes). */
    'agreements.owner.note.added': AgreementEvent & { noteId: number; ownerName: string; recipients: number[] };
    /** A departing staff member's upcoming meeting (not booked through the booking page) now belongs to `successorId`. */
    'agreements.handed_over': { agreementId: number; userId: number; successorId: number; fromName: string; title: string; meetingDate: string };
    /** The owner of an upcoming meeting was deleted, and the meeting with them; `staffUserId` held it. */
    'agreements.owner.removed': { staffUserId: number; ownerName: string; title: string; meetingDate: string };
  }
}

