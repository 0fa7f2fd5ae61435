/**
 * Registrations cannot be forgotten: every page a feature holds is a route of its manifest, every route's page
 * loads, no two routes claim one path, and every back-office resource folder takes a place in some role's menu.
 */
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES } from '../admin/resourceRegistry';
import { FEATURE_MANIFESTS, PUSH_REFRESHES, SIGNED_IN_ROUTES, SIGNED_OUT_ROUTES } from './manifests';

const pageModules = import.meta.glob('../features/*/*Page.tsx');
const adminFolders = import.meta.glob('../admin/*/index.ts');

describe('feature manifests', () => {
  it('every feature folder with a page has a manifest', () => {
    const withPages = new Set(Object.keys(pageModules).map((file) => file.split('/')[2]));
    for (const feature of withPages) expect(FEATURE_MANIFESTS.has(feature), `features/${feature}/manifest.ts`).toBe(true);
  });

  it("every features/<name>/*Page.tsx is the page of one of its manifest's routes", async () => {
    for (const [file, load] of Object.entries(pageModules)) {
      const feature = file.split('/')[2];
      const name = file.split('/')[3].replace(/\.tsx$/, '');
      const page = ((await load()) as Record<string, unknown>)[name];
      const routes = FEATURE_MANIFESTS.get(feature)?.routes ?? [];
      const loaded = await Promise.all(routes.map(async (route) => ((await route.load()) as Record<string, unknown>)[name]));
      expect(loaded.includes(page), `${file} is not a route of features/${feature}/manifest.ts`).toBe(true);
    }
  });

  it('every route loads a component and owns its path', async () => {
    const all = [...SIGNED_IN_ROUTES, ...SIGNED_OUT_ROUTES];
    expect(new Set(all.map((route) => route.path)).size).toBe(all.length);
    const table = all.map((route) => ({ path: route.path }));
    for (const route of all) {
      expect(typeof (await route.load())).toBe('object');
      if (route.path === '*') continue;
      const concrete = route.path.replace(/:[^/]+/g, '1');
      expect(matchRoutes(table, concrete)?.at(-1)?.route.path, concrete).toBe(route.path);
    }
    // Unknown signed-in paths land on the fallback, which comes last.
    expect(SIGNED_IN_ROUTES.at(-1)?.path).toBe('*');
    expect(SIGNED_IN_ROUTES.filter((route) => route.home)).toHaveLength(1);
  });

  it("signed-out pages are sign-in's only (the app takes them from features/auth/manifest.ts)", () => {
    expect(SIGNED_OUT_ROUTES).toEqual(FEATURE_MANIFESTS.get('auth')?.routes?.filter((route) => route.access === 'signedOut'));
  });
});

describe('push refreshes', () => {
  it("gather each feature's: a case_* push refreshes the owner's and staff's case reads", () => {
    const cases = PUSH_REFRESHES.find((refresh) => refresh.typePrefix === 'case_');
    expect(cases?.queryKeys).toEqual([['/api/cases'], ['/api/admin/cases']]);
    // One feature per type prefix, so a push is not refreshed twice by accident.
    expect(new Set(PUSH_REFRESHES.map((refresh) => refresh.typePrefix)).size).toBe(PUSH_REFRESHES.length);
  });
});

describe('back-office resources', () => {
  it('every admin/<folder>/index.ts registers a resource with a name and a menu place', async () => {
    for (const [file, load] of Object.entries(adminFolders)) {
      const registered = [((await load()) as { default?: unknown }).default].flat();
      expect(registered.length, `${file} default-exports no resource`).toBeGreaterThan(0);
      for (const resource of registered) expect(ADMIN_RESOURCES, file).toContain(resource);
    }
    for (const resource of ADMIN_RESOURCES) {
      expect(resource.name).toBeTruthy();
      expect(Object.keys(resource.menu).length, resource.name).toBeGreaterThan(0);
    }
    expect(new Set(ADMIN_RESOURCES.map((resource) => resource.name)).size).toBe(ADMIN_RESOURCES.length);
  });
});
