/** What the nights domain tells the rest (docs/architecture.md, "Domain events"). */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** A property's rental days of a year reached a threshold (80 or 100 % of its limit) for the first time. */
    'nights.rental_days.reached': { propertyId: number; propertyName: string; year: number; threshold: 80 | 100; rentalDays: number; limit: number; members: number[]; admins: number[] };
  }
}

export {};
