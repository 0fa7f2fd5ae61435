/**
 * Every feature's manifest (features/<name>/manifest.ts), gathered by file name: a feature registers its pages and
 * sidebar entries by having the file, so a page cannot be forgotten here (docs/development.md "Adding a domain").
 */
import type { FeatureManifest, FeatureRoute, PushRefresh } from '../shared/featureManifest';
import type { NavItem } from '../shared/navigation';
import { adminNav } from '../admin/navigation';

const modules = import.meta.glob<FeatureManifest>('../features/*/manifest.ts', { eager: true, import: 'manifest' });

/** Each manifest by its feature's folder name, in name order. */
export const FEATURE_MANIFESTS: ReadonlyMap<string, FeatureManifest> = new Map(
  Object.entries(modules)
    .map(([file, manifest]) => [/features\/([^/]+)\/manifest\.ts$/.exec(file)![1], manifest] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);

const allRoutes = [...FEATURE_MANIFESTS.values()].flatMap((manifest) => manifest.routes ?? []);

/** The pages that open inside the signed-in shell; the '*' fallback last, so it never shadows a page. */
export const SIGNED_IN_ROUTES: readonly FeatureRoute[] = allRoutes
  .filter((route) => route.access === 'signedIn')
  .sort((a, b) => Number(a.path === '*') - Number(b.path === '*'));

/**
 * The pages a signed-out visitor opens (login, password reset). They are sign-in's alone: the app imports
 * features/auth/manifest.ts for them directly, so that the login page carries no other manifest (manifests.test.ts
 * holds every other manifest to it).
 */
export const SIGNED_OUT_ROUTES: readonly FeatureRoute[] = allRoutes.filter((route) => route.access === 'signedOut');

/** The signed-in home page, fetched ahead at the login page. */
export const HOME_ROUTE: FeatureRoute | undefined = SIGNED_IN_ROUTES.find((route) => route.home);

/** The sidebar's entries from every feature, and the back office's entry for staff. */
export const FEATURE_NAV: readonly NavItem[] = [...[...FEATURE_MANIFESTS.values()].flatMap((manifest) => manifest.nav ?? []), ...adminNav];

/** What each feature's notification pushes refresh (the socket in the signed-in shell applies them). */
export const PUSH_REFRESHES: readonly PushRefresh[] = [...FEATURE_MANIFESTS.values()].flatMap((manifest) => manifest.pushRefresh ?? []);
