/**
 * The back office at /admin, a react-admin app loaded as its own chunk: the main app lazy-loads this default
 * export on '/admin/*' inside its BrowserRouter, and react-admin uses that router with basename '/admin'.
 * Customers never download any of it: nothing outside src/admin imports it but that lazy import (the shell's sidebar
 * takes only admin/navigation.ts, an icon and a path). It may use parts of the main app (the calendar's add-event
 * rules, src/shared), which then land in chunks of their own.
 *
 * Tabs (SPEC §2): users, ical (own iCal link and feeds) and all-ical (every feed). Without a dashboard react-admin
 * opens the first resource, so the order depends on the role: mini admins land on ical, admins on users.
 */
import { useState } from 'react';
import { Admin, memoryStore, Resource } from 'react-admin';
import { AccessDenied } from './AccessDenied';
import { AdminLayout } from './AdminLayout';
import { createAuthProvider, type Role } from './authProvider';
import { createDataProvider, FEEDS_RESOURCE, OWN_ICAL_RESOURCE } from './dataProvider';
import feeds from './feeds';
import ical from './ical';
import { createI18nProvider } from './i18nProvider';
import users from './users';

/** The tabs in menu order for a role; the first is where the back office opens. */
function resourcesFor(role: Role) {
  const usersTab = <Resource key="users" name="users" {...users} recordRepresentation="name" />;
  const icalTab = <Resource key={OWN_ICAL_RESOURCE} name={OWN_ICAL_RESOURCE} {...ical} />;
  const allIcalTab = <Resource key={FEEDS_RESOURCE} name={FEEDS_RESOURCE} {...feeds} recordRepresentation="name" />;
  return role === 'miniAdmin' ? [icalTab, usersTab, allIcalTab] : [usersTab, icalTab, allIcalTab];
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
    dataProvider: createDataProvider(apiUrl),
    authProvider: createAuthProvider({ apiUrl, leave }),
    i18nProvider: createI18nProvider(),
    // In memory: react-admin's persisted locale would otherwise override the main app's 'language' choice.
    store: memoryStore(),
  }));
  return (
    <Admin
      basename="/admin"
      disableTelemetry
      requireAuth
      loginPage={false}
      title="admin.title"
      layout={AdminLayout}
      accessDenied={AccessDenied}
      {...providers}
    >
      {(permissions: Role) => resourcesFor(permissions)}
    </Admin>
  );
}
