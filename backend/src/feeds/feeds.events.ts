/** A feed's failing and recovery, said once per spell. */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** A feed has failed for longer than FEED_STALE_HOURS (`since`: its last success, or its creation); once per spell. */
    'feed.failing': { userId: number; feedId: number; feedName: string; since: string };
    /** A feed whose failing was announced synced again. */
    'feed.recovered': { userId: number; feedId: number; feedName: string };
  }
}

export {};
