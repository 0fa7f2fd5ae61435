import type { ConflictResponse } from './conflicts.dto';

/** What double-booking detection (docs/architecture.md "Double bookings") tells others. */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /**
     * Detection found new double bookings (docs/architecture.md "Double bookings"): entries of the property's calendar
     * from different sources whose nights overlap on [from, to), not over yet, earliest first (never empty). `members`
     * are its owners and co-owners, `admins` every active admin to be told; `userId` the owner staff see it under; `answers` the API's answers for them, in the same order (webhooks).
     */
    'bookings.conflicts.detected': { propertyId: number; userId: number; ownerName: string; members: number[]; admins: number[]; conflicts: { conflictId: number; from: string; to: string; aTitle: string; bTitle: string }[]; answers: ConflictResponse[] };
  }
}

