/** For data provider tests: the real provider against a real local HTTP server, closed after each test. */
import { afterEach } from 'vitest';
import { createDataProvider } from '../dataProvider';
import { startLocalApi, type Handler, type LocalApi } from '../../test/localApi';

/** Call once per test file; the function it returns starts a server answering with `handler` and a provider on it. */
export function localDataProviders() {
  let api: LocalApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  return async function providerAnswering(handler: Handler) {
    api = await startLocalApi(handler);
    return { dataProvider: createDataProvider(api.apiUrl), requests: api.requests };
  };
}
