/**
 * React.lazy for a module's named export: `lazyNamed(() => import('./UserList'), 'UserList')`. The page, dialog or
 * resource view then loads when it first renders, inside a <Suspense> (the app's routes, react-admin's layout, or
 * the caller's own).
 *
 * A lazy component suspends on its first render even when its module is in already (fetched ahead while the visitor
 * typed, or on a press): React then draws the boundary's fallback and renders everything below it again. Given a
 * loader made by `rememberLoaded`, whose module someone has loaded by then, the component renders at once instead.
 */
import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

/**
 * A module loader that keeps the module once it has loaded, for lazyNamed's components to render without suspending.
 * Any plain loader is one that has not kept it.
 */
export interface RememberingLoader<M> {
  (): Promise<M>;
  loaded?: M;
}

/** Wraps `load` so that whoever loads the module first (a prefetch, a render) leaves it for the others. */
export function rememberLoaded<M>(load: () => Promise<M>): RememberingLoader<M> {
  const remembering: RememberingLoader<M> = () =>
    load().then((module) => {
      remembering.loaded = module;
      return module;
    });
  return remembering;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a component of any props
export function lazyNamed<K extends string, C extends ComponentType<any>>(load: RememberingLoader<Record<K, C>>, name: K): ComponentType<ComponentProps<C>> {
  // React.lazy types its component by the module's export; it takes the same props.
  const Lazy = lazy(() => load().then((module) => ({ default: module[name] }))) as unknown as ComponentType<ComponentProps<C>>;
  function LazyNamed(props: ComponentProps<C>) {
    // Chosen once per mount: a part that mounted lazily stays that part (a switch would mount it again, losing its state).
    const [{ Component }] = useState(() => ({ Component: load.loaded?.[name] ?? Lazy }));
    return createElement(Component, props);
  }
  LazyNamed.displayName = `LazyNamed(${name})`;
  return LazyNamed;
}

/**
 * Starts loading a module ahead of its first use. A failure here is nobody's to show: the part's own lazy import tries
 * again when it renders, and its boundary handles what still fails (a new version's reload, or the error screen).
 */
export function prefetch(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}
