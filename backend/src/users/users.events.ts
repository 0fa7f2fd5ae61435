/** The security events of an account (docs/security.md#security-mails), emitted after their change committed. */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** The e-mail address changed (own profile or back office); `previousEmail` is told. */
    'users.email.changed': { userId: number; actorId: number; previousEmail: string };
    /** A password was set: own change, an admin's, or a reset link. */
    'users.password.changed': { userId: number; via: 'own' | 'admin' | 'reset_link' };
    /** The person turned two-factor sign-in off (an admin's reset mails on its own). */
    'users.two_factor.disabled': { userId: number };
  }
}

export {};
