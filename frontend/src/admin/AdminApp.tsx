/**
 * The back office at /admin, a react-admin app loaded as its own chunk: the main app lazy-loads this default
 * export on '/admin/*' inside its BrowserRouter, and react-admin uses that router with basename '/admin'.
 * Customers never download any of it: nothing outside src/admin imports it but that lazy import (the shell's sidebar
 * takes only admin/navigation.ts, an icon and a path). It may use parts of the main app (the calendar's add-event
 * rules, src/shared), which then land in chunks of their own.
 *
 * Tabs (SPEC §2): users, ical (own iCal link and feeds), payouts, all-ical (every feed), agreements, and for admins only beds24, system, backups; jobs for staff. Without a dashboard react-admin
 * opens the first resource, so the order depends on the role: mini admins land on ical, admins on users.
 */
import { useState } from 'react';
import { AdminContext, AdminUI, memoryStore, Resource, useTranslate } from 'react-admin';
import { AccessDenied } from './AccessDenied';
import { ApiUrlContext } from './apiUrl';
import { AdminLayout } from './AdminLayout';
import agreements from './agreements';
import { createAuthProvider, type Role } from './authProvider';
import backups from './backups';
import beds24 from './beds24';
import cases from './cases';
import conflicts, { CONFLICTS_RESOURCE } from './conflicts';
import { BEDS24_RESOURCE, withBeds24 } from './beds24/beds24DataProvider';
import { AGREEMENTS_RESOURCE, createDataProvider, FEEDS_RESOURCE, OWN_ICAL_RESOURCE } from './dataProvider';
import feeds from './feeds';
import ical from './ical';
import { createI18nProvider } from './i18nProvider';
import jobs from './jobs';
import payouts from './payouts';
import system from './system';
import { adminLightTheme } from './theme';
import users from './users';

/**
 * The back office's name, translated: react-admin shows the Admin `title` as it is given on pages without a title
 * of their own (an unknown /admin path showed the raw key 'admin.title').
 */
function AdminTitle() {
  return <>{useTranslate()('admin.title')}</>;
}

/** The tabs in menu order for a role; the first is where the back office opens. */
function resourcesFor(role: Role) {
  const usersTab = <Resource key="users" name="users" {...users} recordRepresentation="name" />;
  const icalTab = <Resource key={OWN_ICAL_RESOURCE} name={OWN_ICAL_RESOURCE} {...ical} />;
  const allIcalTab = <Resource key={FEEDS_RESOURCE} name={FEEDS_RESOURCE} {...feeds} recordRepresentation="name" />;
  const payoutsTab = <Resource key="payouts" name="payouts" {...payouts} />;
  const agreementsTab = <Resource key={AGREEMENTS_RESOURCE} name={AGREEMENTS_RESOURCE} {...agreements} recordRepresentation="title" />;
  // The Beds24 channel configuration is for admins only (SPEC §2): mini admins do not get the tab.
  const beds24Tab = <Resource key={BEDS24_RESOURCE} name={BEDS24_RESOURCE} {...beds24} />;
  // Maintenance and settings are for admins (SPEC §6); mini admins may look at the jobs.
  const systemTab = <Resource key="system" name="system" {...system} />;
  const jobsTab = <Resource key="jobs" name="jobs" {...jobs} />;
  const casesTab = <Resource key="cases" name="cases" {...cases} recordRepresentation="caseNumber" />;
  const backupsTab = <Resource key="backups" name="backups" {...backups} />;
  const conflictsTab = <Resource key={CONFLICTS_RESOURCE} name={CONFLICTS_RESOURCE} {...conflicts} />;
  return role === 'miniAdmin'
    ? [icalTab, payoutsTab, usersTab, allIcalTab, conflictsTab, agreementsTab, casesTab, jobsTab]
    : [usersTab, icalTab, payoutsTab, allIcalTab, conflictsTab, agreementsTab, casesTab, beds24Tab, systemTab, backupsTab, jobsTab];
}

export interface AdminAppProps {
  /** API root. The main app passes nothing; tests point it at a local server. */
  apiUrl?: string;
  /** How to leave for the main app's login page (a full page load by default). */
  leave?: (path: string) => void;
}

export default function AdminApp({ apiUrl = '/api', leave }: AdminAppProps) {
  // Built once per mount, so the language is read from localStorage when the back office opens.
  const [providers] = useState(() => ({
    dataProvider: withBeds24(createDataProvider(apiUrl), apiUrl),
    authProvider: createAuthProvider({ apiUrl, leave }),
    i18nProvider: createI18nProvider(),
    // In memory: react-admin's persisted locale would otherwise override the main app's 'language' choice.
    store: memoryStore(),
  }));
  // react-admin's <Admin> is these two; used as they are, the bundle leaves out the polyglot i18nProvider that
  // <Admin> falls back to (about 5 kB gzip), which the back office never uses.
  return (
    <ApiUrlContext.Provider value={apiUrl}>
      <AdminContext basename="/admin" theme={adminLightTheme} {...providers}>
        <AdminUI disableTelemetry requireAuth loginPage={false} title={<AdminTitle />} layout={AdminLayout} accessDenied={AccessDenied}>
          {(permissions: Role) => resourcesFor(permissions)}
        </AdminUI>
      </AdminContext>
    </ApiUrlContext.Provider>
  );
}
