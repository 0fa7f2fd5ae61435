/**
 * How a feature registers itself with the app: its `manifest.ts` exports a FeatureManifest, and the app gathers
 * every `features/<name>/manifest.ts` (app/manifests.ts) for its routes and the sidebar. Adding a page is adding a
 * route here; nothing else in app/ changes (docs/development.md "Adding a domain").
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { lazyNamed, rememberLoaded } from './lazyNamed';
import type { NavItem } from './navigation';

export interface FeatureRoute {
  /** A react-router path ('/cases', '/user/agreements/:id'; '*' for the signed-in fallback). */
  path: string;
  /** The page, lazily loaded (`lazyNamed(load, 'XPage')`), or a guard in the first chunk that loads it when it draws it. */
  page: ComponentType;
  /** The page's module loader, so the app can fetch it ahead (the login page prefetches the home page). */
  load: () => Promise<unknown>;
  /** 'signedOut' pages stand alone (login, password reset); the rest open inside the signed-in shell. */
  access: 'signedIn' | 'signedOut';
  /** The signed-in home page, fetched ahead while someone types at the login page. */
  home?: boolean;
  /**
   * Starts the page's first read when the signed-in app opens on it, before the page's own code has loaded and
   * drawn (app/SignedInApp.tsx): the read and the download go side by side.
   */
  readAhead?: (queryClient: QueryClient, opened: { userId: number; isMobile: boolean; search: string }) => void;
}

/**
 * Reads that a pushed notification makes stale: a push whose type starts with `typePrefix` refreshes `queryKeys`
 * (prefixes), and so does every reconnect of the socket (pushes may have been missed meanwhile). A feature lists one
 * per family of types it shows (docs/product/notifications.md#live-screens).
 */
export interface PushRefresh {
  typePrefix: string;
  queryKeys: readonly QueryKey[];
}

export interface FeatureManifest {
  routes?: FeatureRoute[];
  nav?: NavItem[];
  /** The feature's reads that notification types refresh, one entry per type prefix (features/notifications/useNotificationSocket.ts). */
  pushRefresh?: readonly PushRefresh[];
}

/**
 * A route whose page is the named export of a lazily loaded module. Loaded ahead through `load` (the home page while
 * someone types at the login page), the page then renders without suspending.
 */
export function route<K extends string>(path: string, load: () => Promise<Record<K, ComponentType>>, name: K, options: Pick<FeatureRoute, 'access' | 'home' | 'readAhead'> = { access: 'signedIn' }): FeatureRoute {
  const remembering = rememberLoaded(load);
  return { path, load: remembering, access: options.access, home: options.home, readAhead: options.readAhead, page: lazyNamed(remembering, name) };
}

/** A route whose page is a guard in the app's first chunk (a redirect, or nothing yet), which draws `load`'s page itself. */
export function guardedRoute(path: string, guard: ComponentType, load: () => Promise<unknown>, options: Pick<FeatureRoute, 'access'>): FeatureRoute {
  return { path, load, access: options.access, page: guard };
}
