import type { CaseMessageResponse, CaseResponse } from './cases.dto';

/** A change on a case made by `actorId`, for the people in `recipients` (never the actor). */
export interface CaseEvent { caseId: number; caseNumber: string; title: string; actorId: number; recipients: number[] }

/** A case's changes, and what becomes of a staff member's open cases when they or the owner leave (docs/roles.md#removing-a-person). */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** A case was opened, with the API's answers for it and its first message, as its opener reads them (webhooks). */
    'cases.created': { caseId: number; case: CaseResponse; message: CaseMessageResponse };
    /** A message was written on an open case, with the API's answer for it (webhooks); the people told hear `cases.message.added`. */
    'cases.message.written': { caseId: number; message: CaseMessageResponse };
    /** A message was written on a case; `recipients` are the other side (the owner, or the assignee or every admin). */
    'cases.message.added': CaseEvent & { messageId: number; preview: string };
    /** An admin assigned a case to an admin and/or a department. */
    'cases.assigned': CaseEvent & { assignee: string };
    /** A case was closed (marked as resolved). */
    'cases.closed': CaseEvent;
    /** A closed case was reopened; customer service is told (docs/product/cases.md#data-and-states). */
    'cases.reopened': CaseEvent;
    /** A departing staff member's open case is now assigned to `successorId`. */
    'cases.handed_over': { caseId: number; caseNumber: string; title: string; successorId: number; fromName: string };
    /** A departing staff member's open case went back to customer service (no assignee); its owner is told. */
    'cases.released': { caseId: number; caseNumber: string; title: string; userId: number };
    /** The owner of an open case was deleted, and the case with them; `staffUserId` was its assignee. */
    'cases.owner.removed': { staffUserId: number; ownerName: string; caseNumber: string; title: string };
  }
}

