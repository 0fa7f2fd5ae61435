/** react-admin's layout, or the access-denied page for regular users (no resource is theirs to list). */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { Button, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import {
  AppBar, Layout, TitlePortal, useGetIdentity, usePermissions, UserMenu, useTranslate, type AppBarProps, type LayoutProps,
} from 'react-admin';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { promptReauth, setReauthPrompt } from '../api/client';
import { lazyNamed } from '../shared/lazyNamed';
import { AccessDenied } from './AccessDenied';
import { AdminLoading } from './AdminLoading';
import type { Role } from './authProvider';
import { MissingContactNotice } from './system/MissingContactNotice';

/**
 * On wider screens the user menu's button shows the signed-in name, so that name is its accessible name (react-admin's
 * label 'Profil' would hide the visible text from speech input: WCAG 2.5.3). On phones it is an icon named 'Profil'.
 */
function AdminUserMenu() {
  const { identity } = useGetIdentity();
  const showsName = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  return <UserMenu label={showsName && identity?.fullName ? identity.fullName : 'ra.auth.user_menu'} />;
}

/** The way back to the owner's app; a full page load, since the calendar lives outside react-admin's routes. */
function BackToCalendar() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const label = translate('admin.backToApp');
  return phone ? (
    <Tooltip title={label}>
      <IconButton color="inherit" href="/" aria-label={label}>
        <CalendarMonthIcon />
      </IconButton>
    </Tooltip>
  ) : (
    <Button color="inherit" href="/" startIcon={<CalendarMonthIcon />}>
      {label}
    </Button>
  );
}

// The bell with its socket, sounds and texts loads beside the first page rather than in the back office's chunk
// (docs/development.md, size budget); it appears in the app bar once in.
const AdminNotifications = lazyNamed(() => import('./AdminNotifications'), 'AdminNotifications');

// The settings' public face is imported when the dialog is first wanted: statically it would bring the signed-in
// app's shared group, where it lives, onto the users list (docs/development.md, size budget).
const ReauthDialog = lazyNamed(() => import('../features/settings').then((settings) => settings.loadReauthDialog()), 'ReauthDialog');

/** Runs `done` once mounted: placed after the dialog, its effect runs after the dialog's has taken the prompt. */
function Mounted({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

/** The dialog, asking for a code too when the admin signs in with one. */
function AdminReauthDialog({ mounted }: { mounted: () => void }) {
  const { identity } = useGetIdentity();
  if (!identity) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog twoFactorEnabled={Boolean(identity.twoFactorEnabled)} />
      <Mounted done={mounted} />
    </Suspense>
  );
}

/**
 * The settings' re-authentication dialog, for admins: a change the server refuses with 403 `reauth_required` asks for
 * the password (and code) and is sent again (httpClient.ts; docs/security.md#re-authentication). The dialog loads on
 * the first such refusal, not with every page: until then a stand-in prompt mounts it and hands the question on once
 * the dialog has taken the prompt over.
 */
function AdminReauth() {
  const [wanted, setWanted] = useState(false);
  const waiting = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (wanted) return;
    return setReauthPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          waiting.current = () => resolve(promptReauth() ?? false);
          setWanted(true);
        }),
    );
  }, [wanted]);
  const mounted = useCallback(() => {
    waiting.current?.();
    waiting.current = null;
  }, []);
  return wanted ? <AdminReauthDialog mounted={mounted} /> : null;
}

function AdminAppBar(props: AppBarProps) {
  return (
    <AppBar {...props} userMenu={<AdminUserMenu />}>
      <TitlePortal />
      <Suspense fallback={null}>
        <AdminNotifications />
      </Suspense>
      <BackToCalendar />
    </AppBar>
  );
}

export function AdminLayout({ children, ...rest }: LayoutProps) {
  const { permissions, isPending } = usePermissions<Role>();
  if (isPending) return <AdminLoading />;
  if (permissions !== 'admin' && permissions !== 'miniAdmin') return <AccessDenied />;
  return (
    <Layout {...rest} appBar={AdminAppBar}>
      {permissions === 'admin' && <MissingContactNotice />}
      {permissions === 'admin' && <AdminReauth />}
      {children}
    </Layout>
  );
}
