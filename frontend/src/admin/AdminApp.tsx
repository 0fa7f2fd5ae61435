/**
 * The back office at /admin, a react-admin app loaded as its own chunk: the main app lazy-loads this default
 * export on '/admin/*' inside its BrowserRouter, and react-admin uses that router with basename '/admin'.
 * Customers never download any of it: nothing outside src/admin imports it but that lazy import (the shell's sidebar
 * takes only admin/navigation.ts, an icon and a path). It may use parts of the main app (the calendar's add-event
 * rules, src/shared), which then land in chunks of their own.
 *
 * Tabs: each resource folder registers itself with its place in each role's menu (resource.ts, resourceRegistry.ts;
 * which role sees what: docs/roles.md). Without a dashboard react-admin opens the first resource, so the order
 * depends on the role: mini admins land on ical, admins on users.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminContext, AdminUI, memoryStore, Resource, useTranslate } from 'react-admin';
import { AccessDenied } from './AccessDenied';
import { ApiUrlContext } from './apiUrl';
import { AdminLayout } from './AdminLayout';
import { AdminLoading } from './AdminLoading';
import { createAuthProvider, type Role } from './authProvider';
import { createDataProvider } from './dataProvider';
import { createI18nProvider } from './i18nProvider';
import { LeaveContext, pageLoad } from './leave';
import { resourcesOf } from './resourceRegistry';
import { adminLightTheme } from './theme';

/**
 * The back office's name, translated: react-admin shows the Admin `title` as it is given on pages without a title
 * of their own (an unknown /admin path showed the raw key 'admin.title').
 */
function AdminTitle() {
  return <>{useTranslate()('admin.title')}</>;
}

/** The tabs of a role's back office, each from its folder's registration (resourceRegistry.ts). */
function resourcesFor(role: Role) {
  return resourcesOf(role).map(({ menu: _menu, ...props }) => <Resource key={props.name} {...props} />);
}

export interface AdminAppProps {
  /** API root. The main app passes nothing; tests point it at a local server. */
  apiUrl?: string;
  /** How to leave for the main app (its login page, a notification's link there): a full page load by default. */
  leave?: (path: string) => void;
}

export default function AdminApp({ apiUrl = '/api', leave }: AdminAppProps) {
  // Built once per mount, so the language is read from localStorage when the back office opens.
  const [providers] = useState(() => ({
    dataProvider: createDataProvider(apiUrl),
    authProvider: createAuthProvider({ apiUrl, leave }),
    i18nProvider: createI18nProvider(),
    // In memory: react-admin's persisted locale would otherwise override the main app's 'language' choice.
    store: memoryStore(),
  }));
  // The theme names unnamed spinners in the current language, so it follows a language switch.
  const { t } = useTranslation();
  const theme = useMemo(() => adminLightTheme(t('ra.page.loading')), [t]);
  // react-admin's <Admin> is these two; used as they are, the bundle leaves out the polyglot i18nProvider that
  // <Admin> falls back to (about 5 kB gzip), which the back office never uses.
  return (
    <ApiUrlContext.Provider value={apiUrl}>
      <LeaveContext.Provider value={leave ?? pageLoad}>
      <AdminContext basename="/admin" theme={theme} {...providers}>
        <AdminUI disableTelemetry requireAuth loginPage={false} title={<AdminTitle />} layout={AdminLayout} accessDenied={AccessDenied} loading={AdminLoading}>
          {(permissions: Role) => resourcesFor(permissions)}
        </AdminUI>
      </AdminContext>
      </LeaveContext.Provider>
    </ApiUrlContext.Provider>
  );
}
