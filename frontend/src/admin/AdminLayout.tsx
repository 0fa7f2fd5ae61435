/** react-admin's layout, or the access-denied page for regular users (no resource is theirs to list). */
import { Layout, LoadingPage, usePermissions, type LayoutProps } from 'react-admin';
import { AccessDenied } from './AccessDenied';
import type { Role } from './authProvider';

export function AdminLayout({ children, ...rest }: LayoutProps) {
  const { permissions, isPending } = usePermissions<Role>();
  if (isPending) return <LoadingPage />;
  if (permissions !== 'admin' && permissions !== 'miniAdmin') return <AccessDenied />;
  return <Layout {...rest}>{children}</Layout>;
}
