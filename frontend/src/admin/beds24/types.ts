/** Beds24 configurations as the back office sees them (backend beds24/beds24.dto.ts). `id` is the owner's user id. */
export interface Beds24Owner {
  id: number;
  name: string;
  email: string | null;
  username: string;
}

export interface Beds24Config {
  id: number;
  configId: number;
  userId: number;
  owner: Beds24Owner;
  apiKeySet: boolean;
  apiKeyLast4: string;
  credentialKind: string;
  propId: number;
  syncEnabled: boolean;
  syncHistoricalDays: number;
  syncFutureDays: number;
  lastSync: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  lastErrorCode: string | null;
  needsCredentials: boolean;
  lastCreated: number;
  lastUpdated: number;
  lastDeleted: number;
  eventCount: number;
  nextSyncAt: string;
}

/** POST /api/admin/beds24-sync/{userId}. */
export interface Beds24SyncAnswer {
  success: boolean;
  eventsCreated: number;
  eventsUpdated: number;
  eventsDeleted: number;
  error?: string;
  warning?: string;
}

/** POST /api/admin/beds24-config/{userId}/test. */
export interface Beds24TestAnswer {
  ok: boolean;
  message: string;
  scopes: string[];
  propertyAccess: boolean | null;
  onlyPropertyId: number | null;
}
