/**
 * A resource's page that loads with its route: the back office's first screen carries only the page it opens on,
 * not the other resources' lists and forms (issue 11 item 9). react-admin's layout shows its loading indicator while
 * the chunk arrives (its <Suspense>).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export function lazyView<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
