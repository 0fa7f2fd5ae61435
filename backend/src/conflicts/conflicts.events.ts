/** What double-booking detection (docs/architecture.md "Double bookings") tells others. */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /**
     * Detection found new double bookings (docs/architecture.md "Double bookings"): entries of the owner's calendar
     * from different sources whose nights overlap on [from, to), not over yet, earliest first (never empty). `admins`
     * are every active admin to be told.
     */
    'bookings.conflicts.detected': { userId: number; ownerName: string; admins: number[]; conflicts: { conflictId: number; from: string; to: string; aTitle: string; bTitle: string }[] };
  }
}

export {};
