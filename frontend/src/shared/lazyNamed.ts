/**
 * React.lazy for a module's named export: `lazyNamed(() => import('./UserList'), 'UserList')`. The page, dialog or
 * resource view then loads when it first renders, inside a <Suspense> (the app's routes, react-admin's layout, or
 * the caller's own).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a component of any props
export function lazyNamed<K extends string, C extends ComponentType<any>>(load: () => Promise<Record<K, C>>, name: K): LazyExoticComponent<C> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/**
 * Starts loading a module ahead of its first use. A failure here is nobody's to show: the part's own lazy import tries
 * again when it renders, and its boundary handles what still fails (a new version's reload, or the error screen).
 */
export function prefetch(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}
