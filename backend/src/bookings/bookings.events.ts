/** What a pull of a booking source (docs/architecture.md "Booking sources") tells others, after the commit. */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /**
     * A pull of a booking source (an iCal feed, Beds24) changed the owner's future bookings; emitted only for a source
     * that had synced before (a first import is not news) and only when a count is above zero. `firstStart` never
     * names a cancelled stay (docs/architecture.md "Booking sources").
     */
    'bookings.pulled': { propertyId: number; members: number[]; sourceKind: string; sourceId: number; sourceName: string; added: number; changed: number; cancelled: number; firstStart: string | null };
    /**
     * A pull of any source changed what ExternalBookingsService stores for the property (added, changed or removed a
     * booking, a first import included), or a source was switched or removed, after the commit; `bookings.pulled` is the
     * members' news and leaves first imports out.
     */
    'bookings.stored': { propertyId: number; sourceKind: string; sourceId: number };
  }
}

export {};
