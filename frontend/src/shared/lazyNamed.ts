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
