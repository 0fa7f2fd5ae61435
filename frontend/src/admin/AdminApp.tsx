/**
 * The back office at /admin, a react-admin app loaded as its own chunk: the main app lazy-loads this default
 * export on '/admin/*' inside its BrowserRouter, and react-admin uses that router with basename '/admin'.
 * Nothing outside src/admin is imported, so customers never download any of it.
 */
import { useState } from 'react';
import { Admin, memoryStore, Resource } from 'react-admin';
import { AccessDenied } from './AccessDenied';
import { AdminLayout } from './AdminLayout';
import { createAuthProvider } from './authProvider';
import { createDataProvider, FEEDS_RESOURCE } from './dataProvider';
import feeds from './feeds';
import { createI18nProvider } from './i18n/i18nProvider';
import users from './users';

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
      <Resource name="users" {...users} recordRepresentation="name" />
      <Resource name={FEEDS_RESOURCE} {...feeds} recordRepresentation="name" />
    </Admin>
  );
}
