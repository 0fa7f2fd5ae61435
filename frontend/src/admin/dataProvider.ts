/**
 * Data for the back office (docs/development.md#the-back-offices-data-provider): simple-rest on /api/admin (the
 * API answers lists with Content-Range) for every resource, except where a folder's part says otherwise. Each
 * folder keeps its own special cases, its custom endpoints and field mapping, in `<folder>/<folder>DataProvider.ts`,
 * whose default export builds its part; this file gathers every such file by name, as the resource registry gathers
 * the folders' index.ts, and composes them: record methods by resource name through react-admin's
 * combineDataProviders, the parts' other calls side by side.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { combineDataProviders, type DataProvider } from 'react-admin';
import type { AdminDataProvider, PartFactory, ProviderTools, ResourceMethods } from './dataProviderPart';
import { httpClient } from './httpClient';

export type { AdminDataProvider } from './dataProviderPart';

/** Every folder's part, by file name: a part registers itself by having the file, so none can be left out. */
const DATA_PROVIDER_PARTS: Readonly<Record<string, PartFactory>> = import.meta.glob<PartFactory>('./*/*DataProvider.ts', {
  eager: true,
  import: 'default',
});

/** What every part builds its calls from; apiUrl is the API root ('/api' in the browser, a local server's in tests). */
export function providerTools(apiUrl = '/api'): ProviderTools {
  const adminUrl = `${apiUrl}/admin`;
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const { json } = await httpClient(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return json as T;
  };
  return {
    apiUrl,
    adminUrl,
    call,
    post: (path, body) => call('POST', `${adminUrl}/${path}`, body),
    rest: simpleRestProvider(adminUrl, httpClient),
    rootRest: simpleRestProvider(apiUrl, httpClient),
  };
}

export function createDataProvider(apiUrl = '/api'): AdminDataProvider {
  const tools = providerTools(apiUrl);
  const parts = Object.values(DATA_PROVIDER_PARTS).map((part) => part(tools));

  // A resource's own methods over simple-rest; a resource no part names is simple-rest as it is.
  const byResource = new Map<string, DataProvider>();
  const methods: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [resource, own] of Object.entries(part.resources ?? {}) as [string, ResourceMethods][]) {
      if (byResource.has(resource)) throw new Error(`Two data-provider parts claim the resource '${resource}'`);
      byResource.set(resource, { ...tools.rest, ...own });
    }
    for (const [name, method] of Object.entries(part.methods)) {
      if (name in methods) throw new Error(`Two data-provider parts name the call '${name}'`);
      methods[name] = method;
    }
  }
  const records = combineDataProviders((resource) => byResource.get(resource) ?? tools.rest);

  // combineDataProviders answers a Proxy; spreading it copies its record methods, each dispatching by resource.
  return { ...records, ...methods } as AdminDataProvider;
}
