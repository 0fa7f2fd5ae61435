import type { components } from '../../api/schema';
import type { ResponseBody } from '../../api/types';

/** A user as GET /api/admin/users/{id} (and each row of the list) answers it: the generated UserResponse. */
export type User = ResponseBody<'AdminUsers_get'>;

/** One change of a user's payout account number (GET /api/admin/users/{id}/account-number-history). */
export type AccountNumberChange = components['schemas']['AccountNumberChangeResponse'];
