/** What the stays domain tells the rest (docs/architecture.md, "Domain events"). */
interface ToldRequest {
  requestId: number;
  propertyId: number;
  propertyName: string;
  title: string;
  /** The stay's start and end, ISO instants. */
  from: string;
  to: string;
}

declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** An owner's stay waits for staff's approval (new, or moved while it waited); `admins` are told. */
    'stays.request.opened': ToldRequest & { requester: string; admins: number[] };
    /** Staff approved or declined a waiting stay; `members` (the owners and co-owners) are told, with staff's note. */
    'stays.request.decided': ToldRequest & { decision: 'approved' | 'declined'; note: string | null; members: number[] };
  }

  interface TransactionEvents {
    /** Staff decide a waiting stay: the calendar lets an approved one stop waiting and removes a declined one. */
    'stays.request.deciding': { propertyId: number; eventId: number; decision: 'approved' | 'declined' };
  }
}

export {};
