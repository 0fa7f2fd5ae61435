import type { components } from '../../api/schema';
/** A user as GET /api/admin/users answers it (backend mapUser). */
export interface User {
  id: number;
  username: string;
  name: string;
  email: string;
  isAdmin: boolean;
  isMiniAdmin: boolean;
  isBlocked: boolean;
  blockReason: string | null;
  blockedAt: string | null;
  adminInfo: string | null;
  adminInfoUpdatedAt: string | null;
  lastLoginAt: string | null;
  phoneNumber: string | null;
  accountNumber: string | null;
  createdAt: string;
}

/** One change of a user's payout account number (GET /api/admin/users/{id}/account-number-history). */
export type AccountNumberChange = components['schemas']['AccountNumberChangeResponse'];
