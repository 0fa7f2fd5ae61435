/** A feed's failing and recovery, said once per spell to `members`: those of its property who can mend it. */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** A feed has failed for longer than FEED_STALE_HOURS (`since`: its last success, or its creation); once per spell. */
    'feed.failing': { propertyId: number; members: number[]; feedId: number; feedName: string; since: string };
    /** A feed whose failing was announced synced again. */
    'feed.recovered': { propertyId: number; members: number[]; feedId: number; feedName: string };
  }
}

export {};
