/** A payout's changes, after the commit (docs/product/payouts-and-prices.md#notifications). */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /**
     * An admin registered a payout for the owner `userId`, changed its amount or status (`changed`), or set it to paid
     * (`paid`); `amount` is numeric(10,2) as a string. The owner is told (docs/product/payouts-and-prices.md#notifications).
     */
    'payouts.changed': { userId: number; actorId: number; payoutId: number; year: number; month: number; amount: string; currency: string; status: string; change: 'registered' | 'changed' | 'paid' };
  }
}

export {};
