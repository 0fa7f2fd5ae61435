/**
 * Registrations cannot be forgotten: every page a feature holds is a route of its manifest, every route's page
 * loads, no two routes claim one path, and every back-office resource folder takes a place in some role's menu.
 */
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES } from '../admin/resourceRegistry';
import { QueryClient } from '@tanstack/react-query';
import type { AppNotification } from '../api/types';
import { keysRefreshedBy } from '../features/notifications/useNotificationSocket';
import { FEATURE_MANIFESTS, PUSH_REFRESHES, SIGNED_IN_ROUTES, SIGNED_OUT_ROUTES } from './manifests';

const pageModules = import.meta.glob('../features/*/*Page.tsx');
const adminFolders = import.meta.glob('../admin/*/index.ts');
const adminPages = import.meta.glob(['../admin/*/*List.tsx', '../admin/*/*Show.tsx', '../admin/*/*Edit.tsx', '../admin/*/*Create.tsx', '../admin/*/*Page.tsx']);

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
    expect(keysRefreshedBy('case_message', PUSH_REFRESHES)).toEqual([['/api/cases'], ['/api/admin/cases']]);
    // One entry per feature and type prefix, so a push is not refreshed twice by accident.
    for (const [feature, manifest] of FEATURE_MANIFESTS) {
      const prefixes = (manifest.pushRefresh ?? []).map((refresh) => refresh.typePrefix);
      expect(new Set(prefixes).size, feature).toBe(prefixes.length);
    }
  });

  // Each type (typed against the API's, so a renamed type fails to compile) and a read on the screen it concerns.
  const SCREENS: [AppNotification['type'], string][] = [
    ['booking_new', '/api/calendar-window'],
    ['booking_changed', '/api/calendar-window'],
    ['booking_cancelled', '/api/calendar-window'],
    ['event_created', '/api/calendar-window'],
    ['event_updated', '/api/calendar-window'],
    ['event_deleted', '/api/calendar-window'],
    ['booking_conflict', '/api/calendar-window'],
    ['booking_conflict', '/api/admin/user-calendar'],
    ['booking_conflicts', '/api/admin/user-calendar'],
    ['collaboration_invite', '/api/calendar-window'],
    ['agreement_created', '/api/admin-agreements'],
    ['agreement_changed', '/api/admin-agreements'],
    ['agreement_cancelled', '/api/admin-agreements'],
    ['agreement_note', '/api/admin-agreements'],
    ['appointment_cancelled', '/api/appointments'],
    ['appointment_cancelled', '/api/appointments/slots'],
    ['payout_registered', '/api/user/payouts'],
    ['payout_changed', '/api/user/payouts'],
    ['payout_paid', '/api/user/payouts'],
    ['feed_failing', '/api/ical-feeds'],
    ['feed_recovered', '/api/ical-feeds'],
    ['beds24_failing', '/api/user/beds24'],
    ['beds24_recovered', '/api/user/beds24'],
  ];

  it.each(SCREENS)('a %s push refreshes %s', (type, url) => {
    expect(keysRefreshedBy(type, PUSH_REFRESHES).map((key) => key[0])).toContain(url);
  });

  it('refreshes nothing for a push about no screen', () => {
    expect(keysRefreshedBy('system', PUSH_REFRESHES)).toEqual([]);
    // Staff's Beds24 notices concern the back office, not the owner's connection in the feed manager.
    expect(keysRefreshedBy('staff_beds24_failing', PUSH_REFRESHES)).toEqual([]);
  });

  it("refreshes the payouts of every year: the year's read lies under the prefix", async () => {
    const { payoutsKeys } = await import('../features/payouts/payoutsApi');
    const queryClient = new QueryClient();
    queryClient.setQueryData(payoutsKeys.year(2027, null), []);
    queryClient.setQueryData(payoutsKeys.year(2027, 4), []);
    for (const queryKey of keysRefreshedBy('payout_registered', PUSH_REFRESHES)) await queryClient.invalidateQueries({ queryKey });
    expect(queryClient.getQueryState(payoutsKeys.year(2027, null))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(payoutsKeys.year(2027, 4))?.isInvalidated).toBe(true);
  });
});

describe('back-office resources', () => {
  // The registry gathers index.ts alone: a folder whose pages have no index.ts would be no resource, and say nothing.
  it('every admin folder with a page (…List, …Show, …Edit, …Create, …Page.tsx) has an index.ts', () => {
    const withPages = new Set(Object.keys(adminPages).map((file) => file.split('/')[2]));
    expect(withPages.size).toBeGreaterThan(10);
    for (const folder of withPages) expect(Object.keys(adminFolders), `admin/${folder}/index.ts`).toContain(`../admin/${folder}/index.ts`);
  });

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
