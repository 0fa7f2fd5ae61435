/** What sign-in security tells other domains, emitted after its change committed. */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** An admin (`actorId`) turned `userId`'s two-factor sign-in off (a lost phone and no recovery codes). */
    'auth.two_factor.reset': { userId: number; actorId: number };
  }
}

export {};
