/** A Beds24 connection's failing and recovery, said once per spell (docs/product/beds24.md#notifications). */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /**
     * A Beds24 connection was refused (`credentials`: a new key is needed) or failed BEDS24_FAILING_AFTER syncs in a row
     * (`failing`); once per spell. `admins` are every active admin to be told (docs/product/beds24.md#notifications).
     */
    'beds24.failing': { userId: number; configId: number; propertyId: number; ownerName: string; members: number[]; reason: 'credentials' | 'failing'; failures: number; since: string; admins: number[] };
    /** A Beds24 connection whose failing was announced synced again. */
    'beds24.recovered': { userId: number; configId: number; propertyId: number; ownerName: string; members: number[]; admins: number[] };
  }
}

export {};
