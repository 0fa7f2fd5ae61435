/**
 * The 'beds24' resource on the routes, which are keyed by the owner's user id and not REST-shaped: the list
 * is GET /api/admin/beds24-configs (simple-rest, Content-Range), one record GET /api/admin/beds24-config/{userId},
 * create and change both POST /api/admin/beds24-config/{userId}, delete DELETE there; plus 'sync now' and 'test
 * connection'.
 */
import type { Identifier, RaRecord } from 'react-admin';
import { asRecords, type DataProviderPart, type ProviderTools } from '../dataProviderPart';
import type { Beds24Config, Beds24SyncAnswer, Beds24TestAnswer } from './types';

export const BEDS24_RESOURCE = 'beds24';
const LIST_PATH = 'beds24-configs';

export interface Beds24DataProvider {
  syncBeds24(userId: Identifier): Promise<Beds24SyncAnswer>;
  testBeds24(userId: Identifier): Promise<Beds24TestAnswer>;
}

/** What the save route accepts; an empty key field keeps the stored key. */
export function toBeds24Payload(data: Partial<Beds24Config> & { apiKey?: string }) {
  const apiKey = data.apiKey?.trim();
  return {
    ...(apiKey ? { apiKey } : {}),
    propId: data.propId === undefined || data.propId === null ? undefined : Number(data.propId),
    syncEnabled: data.syncEnabled ?? true,
    syncHistoricalDays: data.syncHistoricalDays === undefined ? undefined : Number(data.syncHistoricalDays),
    syncFutureDays: data.syncFutureDays === undefined ? undefined : Number(data.syncFutureDays),
  };
}

export default function beds24Data({ adminUrl, call, rest }: ProviderTools): DataProviderPart<Beds24DataProvider> {
  const configUrl = (id: Identifier) => `${adminUrl}/beds24-config/${encodeURIComponent(id)}`;
  return {
    resources: {
      [BEDS24_RESOURCE]: {
        getList: (_resource, params) => rest.getList(LIST_PATH, params),
        getMany: (_resource, params) => rest.getMany(LIST_PATH, params),
        getManyReference: (_resource, params) => rest.getManyReference(LIST_PATH, params),
        getOne: async (_resource, params) => asRecords({ data: await call<RaRecord>('GET', configUrl(params.id)) }),
        create: async (_resource, params) => asRecords({ data: await call<RaRecord>('POST', configUrl(params.data.userId), toBeds24Payload(params.data)) }),
        update: async (_resource, params) => asRecords({ data: await call<RaRecord>('POST', configUrl(params.id), toBeds24Payload(params.data)) }),
        delete: async (_resource, params) => {
          await call('DELETE', configUrl(params.id));
          return asRecords({ data: params.previousData ?? { id: params.id } });
        },
        deleteMany: async (_resource, params) => {
          for (const id of params.ids) await call('DELETE', configUrl(id));
          return { data: params.ids };
        },
      },
    },
    methods: {
      syncBeds24: (userId) => call('POST', `${adminUrl}/beds24-sync/${encodeURIComponent(userId)}`),
      testBeds24: (userId) => call('POST', `${configUrl(userId)}/test`),
    },
  };
}

// The composed provider's type gains this part's calls (dataProviderPart.ts, PartCalls).
declare module '../dataProviderPart' {
  interface PartCalls {
    beds24: Beds24DataProvider;
  }
}
