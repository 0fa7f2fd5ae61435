/**
 * Beds24 configurations as the back office sees them: the API's own answer types (backend beds24/beds24.dto.ts,
 * generated into api/schema.d.ts). `id` is the owner's user id.
 */
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Beds24Owner = Schemas['Beds24OwnerResponse'];
export type Beds24Config = Schemas['Beds24ConfigResponse'];
/** POST /api/admin/beds24-sync/{userId}. */
export type Beds24SyncAnswer = Schemas['Beds24SyncResponse'];
/** POST /api/admin/beds24-config/{userId}/test. */
export type Beds24TestAnswer = Schemas['Beds24TestResponse'];
