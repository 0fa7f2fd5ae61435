/**
 * What one back-office folder adds to the data provider (docs/development.md#the-back-offices-data-provider): the
 * record methods of the resources it owns where they differ from simple-rest on /api/admin/<resource>, and its
 * calls that are not CRUD. A part is the default export of `<folder>/<folder>DataProvider.ts`; dataProvider.ts
 * gathers every such file by name and composes them; a part never looks at another resource.
 */
import type { DataProvider } from 'react-admin';

/** What a part builds its calls from; one set per data provider, so tests can point it at a local server. */
export interface ProviderTools {
  /** The API root: '/api' in the browser, a local server's address in tests. */
  apiUrl: string;
  /** `${apiUrl}/admin`, where simple-rest reads by default. */
  adminUrl: string;
  /** Any call through the back office's httpClient; answers the parsed JSON body. */
  call: <T>(method: string, url: string, body?: unknown) => Promise<T>;
  /** A POST to a path under /api/admin. */
  post: <T>(path: string, body?: unknown) => Promise<T>;
  /** simple-rest on /api/admin (the default for every resource). */
  rest: DataProvider;
  /** simple-rest on /api, for resources whose routes are not under /admin. */
  rootRest: DataProvider;
}

/** react-admin's record methods, each optional: what a resource leaves out goes to simple-rest on /api/admin/<resource>. */
export type ResourceMethods = Partial<Pick<DataProvider, RecordMethod>>;

/** The record methods react-admin calls with a resource name first. */
export const RECORD_METHODS = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;
export type RecordMethod = (typeof RECORD_METHODS)[number];

export interface DataProviderPart<Methods extends object = object> {
  /** The record methods that differ, by resource name. */
  resources?: Record<string, ResourceMethods>;
  /** The folder's calls that are not CRUD (actions, extra reads). */
  methods: Methods;
}

/** react-admin's generics promise any record type; a part's answers are its own records. */
export const asRecords = <R>(value: unknown) => value as R;

/** How a part is built: the default export of `<folder>/<folder>DataProvider.ts`. */
export type PartFactory = (tools: ProviderTools) => DataProviderPart;

/**
 * The calls of each part that has some, by folder. A part file adds its own entry (TypeScript declaration merging:
 * `declare module '../dataProviderPart' { interface PartCalls { users: UsersDataProvider } }`), so the composed
 * provider's type (AdminDataProvider) sums them without a list to keep. `records` is react-admin's own, without its
 * index signature: with it, any call name would compile, and a call whose part forgot this entry, or a misspelt one,
 * would be `any` until it failed at run time.
 */
export interface PartCalls {
  records: KnownKeys<DataProvider>;
}

/** A type without its index signature (react-admin's DataProvider has `[key: string]: any`). */
type KnownKeys<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The data provider with every part's calls, as components ask for it: `useDataProvider<AdminDataProvider>()`. */
export type AdminDataProvider = Intersection<PartCalls[keyof PartCalls]>;
