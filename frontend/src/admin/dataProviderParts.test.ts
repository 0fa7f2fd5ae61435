// @vitest-environment node
/**
 * The data provider is composed from every `<folder>/<folder>DataProvider.ts` by file name (dataProvider.ts): each
 * such file on disk is a part, and the composed provider answers the part's calls and sends the part's resources
 * the way the part alone does. A part the composition missed fails here by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from '../test/localApi';
import { createDataProvider, providerTools } from './dataProvider';
import type { PartFactory, RecordMethod } from './dataProviderPart';

const adminDir = fileURLToPath(new URL('.', import.meta.url));
const partFiles = readdirSync(adminDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((folder) => readdirSync(join(adminDir, folder.name)).filter((file) => /DataProvider\.ts$/.test(file)).map((file) => `./${folder.name}/${file}`));

const page = { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
/** Plain arguments for each record method; what matters is the request each provider sends with them. */
const PARAMS: Record<RecordMethod, object> = {
  getList: page,
  getOne: { id: 1 },
  getMany: { ids: [1] },
  getManyReference: { target: 'userId', id: 1, ...page },
  create: { data: { name: 'Ny' } },
  update: { id: 1, data: { name: 'Ny' }, previousData: { id: 1 } },
  updateMany: { ids: [1], data: { name: 'Ny' } },
  delete: { id: 1, previousData: { id: 1 } },
  deleteMany: { ids: [1] },
};

let api: LocalApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

it('finds the parts on disk', () => {
  expect(partFiles.length).toBeGreaterThan(10);
});

// A part is gathered by its file's name alone: a file that adds calls to PartCalls under another name would compile,
// and its calls would be missing from the provider.
it('every file that adds calls to PartCalls is a part by its name (<folder>/<name>DataProvider.ts)', () => {
  const declaring = readdirSync(adminDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) => readdirSync(join(adminDir, folder.name)).filter((file) => /\.tsx?$/.test(file)).map((file) => `./${folder.name}/${file}`))
    .filter((file) => /declare module '\.\.\/dataProviderPart'/.test(readFileSync(join(adminDir, file), 'utf8')));
  expect(declaring.length).toBeGreaterThan(0);
  expect(declaring.filter((file) => !partFiles.includes(file))).toEqual([]);
});

describe.each(partFiles)('%s', (file) => {
  it("is part of the composed provider: its calls are there, its resources go through it", async () => {
    const local = (api = await startLocalApi(() => ({ json: [], headers: { 'Content-Range': 'items 0-0/0' } })));
    const { default: build } = (await import(/* @vite-ignore */ file)) as { default: PartFactory };
    const part = build(providerTools(local.apiUrl));
    const composed = createDataProvider(local.apiUrl) as unknown as Record<string, unknown>;
    const calls = Object.keys(part.methods);
    const resources = Object.entries(part.resources ?? {});
    expect(calls.length + resources.length, 'a part adds calls or resources').toBeGreaterThan(0);

    for (const name of calls) expect(typeof composed[name], `call ${name}`).toBe('function');

    const sent = async (provider: Partial<DataProvider>, resource: string, method: RecordMethod) => {
      const from = local.requests.length;
      const run = provider[method] as (resource: string, params: object) => Promise<unknown>;
      await run(resource, PARAMS[method]).catch(() => undefined);
      return local.requests.slice(from).map((r) => `${r.method} ${r.path}?${r.query} ${JSON.stringify(r.body ?? null)}`);
    };
    for (const [resource, methods] of resources) {
      for (const method of Object.keys(methods) as RecordMethod[]) {
        const own = await sent(methods, resource, method);
        expect(await sent(composed as Partial<DataProvider>, resource, method), `${resource}.${method}`).toEqual(own);
      }
    }
  });
});
