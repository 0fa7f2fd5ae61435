/**
 * How a feature registers itself with the app: its `manifest.ts` exports a FeatureManifest, and the app gathers
 * every `features/<name>/manifest.ts` (app/manifests.ts) for its routes and the sidebar. Adding a page is adding a
 * route here; nothing else in app/ changes (docs/development.md "Adding a domain").
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyNamed } from './lazyNamed';
import type { NavItem } from './navigation';

export interface FeatureRoute {
  /** A react-router path ('/cases', '/user/agreements/:id'; '*' for the signed-in fallback). */
  path: string;
  /** The page, lazily loaded: `lazyNamed(load, 'XPage')`. */
  page: LazyExoticComponent<ComponentType>;
  /** The page's module loader, so the app can fetch it ahead (the login page prefetches the home page). */
  load: () => Promise<unknown>;
  /** 'signedOut' pages stand alone (login, password reset); the rest open inside the signed-in shell. */
  access: 'signedIn' | 'signedOut';
  /** The signed-in home page, fetched ahead while someone types at the login page. */
  home?: boolean;
}

export interface FeatureManifest {
  routes?: FeatureRoute[];
  nav?: NavItem[];
}

/** A route whose page is the named export of a lazily loaded module. */
export function route<K extends string>(path: string, load: () => Promise<Record<K, ComponentType>>, name: K, options: Pick<FeatureRoute, 'access' | 'home'> = { access: 'signedIn' }): FeatureRoute {
  return { path, load, access: options.access, home: options.home, page: lazyNamed(load, name) };
}
