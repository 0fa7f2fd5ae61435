/**
 * Data for the back office (docs/development.md#the-back-offices-data-provider): simple-rest on /api/admin (the
 * API answers lists with Content-Range) for every resource, except where a folder's part says otherwise. Each
 * folder keeps its own special cases, its custom endpoints and field mapping, in `<folder>/<folder>DataProvider.ts`;
 * this file only composes them: record methods by resource name through react-admin's combineDataProviders,
 * the parts' other calls side by side.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { combineDataProviders, type DataProvider } from 'react-admin';
import { agreementsData } from './agreements/agreementsDataProvider';
import { appointmentsData } from './appointments/appointmentsDataProvider';
import { backupsData, type BackupsDataProvider } from './backups/backupsDataProvider';
import { beds24Data, type Beds24DataProvider } from './beds24/beds24DataProvider';
import { casesData, type CasesDataProvider } from './cases/casesDataProvider';
import { conflictsData } from './conflicts/conflictsDataProvider';
import type { ProviderTools, ResourceMethods } from './dataProviderPart';
import { feedsData, type FeedsDataProvider } from './feeds/feedsDataProvider';
import { httpClient } from './httpClient';
import { icalData, type IcalDataProvider } from './ical/icalDataProvider';
import { jobsData, type JobsDataProvider } from './jobs/jobsDataProvider';
import { payoutsData, type PayoutsDataProvider } from './payouts/payoutsDataProvider';
import { systemData, type SystemDataProvider } from './system/systemDataProvider';
import { usersData, type UsersDataProvider } from './users/usersDataProvider';

/** The data provider with every folder's calls, as components ask for it: `useDataProvider<AdminDataProvider>()`. */
export type AdminDataProvider = DataProvider &
  UsersDataProvider &
  IcalDataProvider &
  FeedsDataProvider &
  Beds24DataProvider &
  PayoutsDataProvider &
  CasesDataProvider &
  SystemDataProvider &
  JobsDataProvider &
  BackupsDataProvider;

/** apiUrl is the API root ('/api' in the browser; tests pass a local server's address). */
export function createDataProvider(apiUrl = '/api'): AdminDataProvider {
  const adminUrl = `${apiUrl}/admin`;
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const { json } = await httpClient(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return json as T;
  };
  const tools: ProviderTools = {
    apiUrl,
    adminUrl,
    call,
    post: (path, body) => call('POST', `${adminUrl}/${path}`, body),
    rest: simpleRestProvider(adminUrl, httpClient),
    rootRest: simpleRestProvider(apiUrl, httpClient),
  };
  const users = usersData(tools);
  const ical = icalData(tools);
  const feeds = feedsData(tools);
  const beds24 = beds24Data(tools);
  const payouts = payoutsData(tools);
  const cases = casesData(tools);
  const system = systemData(tools);
  const jobs = jobsData(tools);
  const backups = backupsData(tools);
  const parts = [users, ical, feeds, beds24, payouts, cases, system, jobs, backups, agreementsData(tools), appointmentsData(tools), conflictsData(tools)];

  // A resource's own methods over simple-rest; a resource no part names is simple-rest as it is.
  const byResource = new Map<string, DataProvider>();
  for (const part of parts) {
    for (const [resource, methods] of Object.entries(part.resources ?? {}) as [string, ResourceMethods][]) {
      if (byResource.has(resource)) throw new Error(`Two data-provider parts claim the resource '${resource}'`);
      byResource.set(resource, { ...tools.rest, ...methods });
    }
  }
  const records = combineDataProviders((resource) => byResource.get(resource) ?? tools.rest);

  return {
    // combineDataProviders answers a Proxy; spreading it copies its record methods, each dispatching by resource.
    ...records,
    ...users.methods,
    ...ical.methods,
    ...feeds.methods,
    ...beds24.methods,
    ...payouts.methods,
    ...cases.methods,
    ...system.methods,
    ...jobs.methods,
    ...backups.methods,
  };
}
