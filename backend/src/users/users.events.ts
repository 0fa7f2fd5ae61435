import type { HeldWork } from './work-handover.types';

/** The security events of an account (docs/security.md#security-mails), emitted after their change committed. */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /**
     * A user's payout account number changed (not when set at creation). `last4` are the new number's last four digits
     * (empty when removed); `admins` are every admin to be told. A possible payout fraud: the owner is told as well, by
     * mail at `mailTo`, the address the account had before the change (the same save may have changed it too).
     */
    'users.account_number.changed': { userId: number; actorId: number; userName: string; last4: string; admins: number[]; mailTo: string };
    /** The e-mail address changed (own profile or back office); `previousEmail` is told. */
    'users.email.changed': { userId: number; actorId: number; previousEmail: string };
    /** A password was set: own change, an admin's, or a reset link. */
    'users.password.changed': { userId: number; via: 'own' | 'admin' | 'reset_link' };
    /** The person turned two-factor sign-in off (an admin's reset mails on its own). */
    'users.two_factor.disabled': { userId: number };
  }

  /**
   * In the transaction of a password change or a removal (docs/architecture.md#in-transaction-events). A removal's run
   * with the person's row locked, so nothing new can be given to them meanwhile (docs/roles.md#removing-a-person).
   */
  interface TransactionEvents {
    /** A password is being set: what was derived from the old one (reset links) is retired with it. */
    'users.password.setting': { userId: number };
    /** What `staffId` holds that someone must take over, from `now` on: each domain that gives work adds its count to `held`. */
    'users.work.counting': { staffId: number; now: Date; held: HeldWork };
    /** The work `from` holds goes to `successorId`; the successor is told after the commit. */
    'users.work.handing_over': { from: { id: number; name: string }; successorId: number; now: Date };
    /** The work `staffId` holds is cancelled (meetings) or given back to customer service (cases); the owners are told after the commit. */
    'users.work.cancelling': { staffId: number; actorId: number; now: Date };
    /** The owner `ownerId` is being deleted: what that cascades away is read here and told to its staff after the commit. */
    'users.owner.deleting': { ownerId: number; ownerName: string; now: Date };
  }
}

export {};
