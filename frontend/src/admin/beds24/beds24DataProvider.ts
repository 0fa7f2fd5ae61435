/**
 * The 'beds24' resource on the routes, which are keyed by the owner's user id and not REST-shaped: the list
 * is GET /api/admin/beds24-configs (simple-rest, Content-Range), one record GET /api/admin/beds24-config/{userId},
 * create and change both POST /api/admin/beds24-config/{userId}, delete DELETE there; plus 'sync now' and 'test
 * connection'. Wraps the back office's data provider: every other resource passes through.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { httpClient } from '../httpClient';
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

export function withBeds24<P extends DataProvider>(provider: P, apiUrl = '/api'): P & Beds24DataProvider {
  const adminUrl = `${apiUrl}/admin`;
  const rest = simpleRestProvider(adminUrl, httpClient);
  const configUrl = (id: Identifier) => `${adminUrl}/beds24-config/${encodeURIComponent(id)}`;
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const { json } = await httpClient(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return json as T;
  };
  const is = (resource: string) => resource === BEDS24_RESOURCE;
  // react-admin's generics promise any record type; these branches return Beds24Config records.
  const asRecords = <R>(value: unknown) => value as R;
  return {
    ...provider,
    getList: (resource, params) => (is(resource) ? rest.getList(LIST_PATH, params) : provider.getList(resource, params)),
    getMany: (resource, params) => (is(resource) ? rest.getMany(LIST_PATH, params) : provider.getMany(resource, params)),
    getManyReference: (resource, params) => (is(resource) ? rest.getManyReference(LIST_PATH, params) : provider.getManyReference(resource, params)),
    getOne: async (resource, params) => (is(resource) ? asRecords({ data: await call<RaRecord>('GET', configUrl(params.id)) }) : provider.getOne(resource, params)),
    create: async (resource, params) => {
      if (!is(resource)) return provider.create(resource, params);
      return asRecords({ data: await call<RaRecord>('POST', configUrl(params.data.userId), toBeds24Payload(params.data)) });
    },
    update: async (resource, params) => {
      if (!is(resource)) return provider.update(resource, params);
      return asRecords({ data: await call<RaRecord>('POST', configUrl(params.id), toBeds24Payload(params.data)) });
    },
    delete: async (resource, params) => {
      if (!is(resource)) return provider.delete(resource, params);
      await call('DELETE', configUrl(params.id));
      return asRecords({ data: params.previousData ?? { id: params.id } });
    },
    deleteMany: async (resource, params) => {
      if (!is(resource)) return provider.deleteMany(resource, params);
      for (const id of params.ids) await call('DELETE', configUrl(id));
      return { data: params.ids };
    },
    syncBeds24: (userId) => call('POST', `${adminUrl}/beds24-sync/${encodeURIComponent(userId)}`),
    testBeds24: (userId) => call('POST', `${configUrl(userId)}/test`),
  };
}
