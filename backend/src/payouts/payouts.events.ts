/** A payout's changes, after the commit (docs/product/payouts-and-prices.md#notifications). */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /**
     * An admin registered a payout of the property `propertyId` (registered for `userId`), changed its amount or status
     * (`changed`), or set it to paid (`paid`); `amount` is numeric(10,2) as a string. `members` are those of the property
     * who see its money, whom it is told to (docs/product/payouts-and-prices.md#notifications).
     */
    'payouts.changed': {
      propertyId: number; members: number[]; userId: number; actorId: number; payoutId: number; year: number; month: number; amount: string; currency: string; status: string;
      change: 'registered' | 'changed' | 'paid';
    };
  }
}

export {};
