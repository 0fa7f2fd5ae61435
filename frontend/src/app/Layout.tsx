/**
 * The logged-in frame (docs/product/app.md#navigation): a permanent sidebar on desktop; on mobile (≤ 640 px or by
 * preference) a top header whose menu button opens the same sidebar in a drawer.
 */
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Avatar,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useCurrentUser, useLogout } from '../shared/sessionApi';
import { errorText } from '../api/client';
import type { User } from '../api/types';
import { loadStaffTwoFactorNotice } from '../features/settings';
import { NotificationBell, useNotificationSocket } from '../features/notifications';
import { FeedManagerIconButton, FeedManagerNavItem, useFeedManager } from '../features/feeds';
import { useDevicePreference } from '../shared/devicePreference';
import { LanguageSwitch } from '../shared/components/LanguageSwitch';
import { isActive, navItemsFor } from './navigation';
import { PUSH_REFRESHES } from './manifests';
import { SupportContact } from '../shared/components/SupportContact';
import { useToast } from '../shared/toast';
import { addCataloguePart } from '../i18n';
import { lazyNamed, prefetch, rememberLoaded } from '../shared/lazyNamed';
import { useLazyOpen } from '../shared/useLazyOpen';

// The chunk finishes loading once the signed-in app's texts are in, so the shell and every page inside it render
// with them (the signed-out screens' part came at startup). Without them the pages still work, showing keys.
await addCataloguePart('app').catch((error: unknown) => console.error('The signed-in texts failed to load', error));

const SIDEBAR_WIDTH = 272;

/**
 * The phone's menu drawer. The login page fetches it with the shell while someone types (app/App.tsx); otherwise the
 * menu button starts the download as it is pressed. Not fetched when idle after the first screen: on a slow line that
 * competed with the calendar's own reads (the phone benchmark's login-to-calendar time rose by a few hundred ms).
 */
export const loadMobileDrawer = rememberLoaded(() => import('./MobileDrawer'));
const MobileDrawer = lazyNamed(loadMobileDrawer, 'MobileDrawer');
/** Only staff without two-factor sign-in load it (docs/security.md). */
const StaffTwoFactorNotice = lazyNamed(loadStaffTwoFactorNotice, 'StaffTwoFactorNotice');
const preloadMobileDrawer = () => prefetch(loadMobileDrawer);

function Logo() {
  const { t } = useTranslation();
  return (
    <Typography variant="h6" component="div" sx={{ fontWeight: 700, color: 'primary.main' }}>
      {t('app.name')}
    </Typography>
  );
}

interface SidebarProps {
  user: User;
  onNavigate?: () => void;
  onOpenFeeds: () => void;
}

function SidebarContent({ user, onNavigate, onOpenFeeds }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const logout = useLogout();

  // mutateAsync, not mutate's callbacks: this sidebar unmounts as soon as the user is gone from the cache.
  const onLogout = async () => {
    try {
      await logout.mutateAsync();
      toast({ title: t('auth.logoutSuccess'), severity: 'success' });
      navigate('/auth', { replace: true });
    } catch (error) {
      toast({ title: t('auth.logoutFailed'), description: errorText(error, t('common.error')), severity: 'error' });
    }
  };

  return (
    <Stack sx={{ height: '100%', p: 2 }} spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Logo />
        {/* the phone header has its own bell; the drawer (the one with onNavigate) does not repeat it */}
        {!onNavigate && <NotificationBell />}
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar sx={{ bgcolor: 'primary.main' }}>{(user.name || user.username).charAt(0).toUpperCase()}</Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email ?? user.username}
          </Typography>
        </Box>
      </Stack>
      <Divider />
      <nav aria-label={t('nav.label')}>
        <List disablePadding>
          {navItemsFor(user).map((item) => (
            <ListItem key={item.path} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.path}
                selected={isActive(item, pathname)}
                onClick={onNavigate}
                sx={{ borderRadius: 1 }}
              >
                <ListItemIcon>
                  <item.icon />
                </ListItemIcon>
                <ListItemText primary={t(item.labelKey)} />
                {item.badge && (
                  <Suspense fallback={null}>
                    <item.badge />
                  </Suspense>
                )}
              </ListItemButton>
            </ListItem>
          ))}
          <ListItem disablePadding>
            <FeedManagerNavItem
              onClick={() => {
                onNavigate?.();
                onOpenFeeds();
              }}
            />
          </ListItem>
        </List>
      </nav>
      <Box sx={{ flexGrow: 1 }} />
      <LanguageSwitch fullWidth />
      <SupportContact dense />
      <Button variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={onLogout} disabled={logout.isPending}>
        {t('auth.logout')}
      </Button>
    </Stack>
  );
}

/** `mobileHeaderActions`: the slot for the notification bell; the feed settings button follows it. */
export function Layout({ mobileHeaderActions }: { mobileHeaderActions?: ReactNode }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { isMobile } = useDevicePreference();
  const drawer = useLazyOpen();
  const feeds = useFeedManager({ fromLink: true });
  useNotificationSocket(user?.id, PUSH_REFRESHES);
  // RequireAuth renders this only with a user; the cache can still drop it (logout in another component).
  if (!user) return null;

  // One tree for both layouts, with <main> at the same place: crossing 640 px (a phone turned sideways) swaps the
  // header for the sidebar but keeps the page under <Outlet/> mounted, with its open dialog and typed text.
  return (
    <Box sx={{ display: isMobile ? 'block' : 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {isMobile ? (
        <AppBar position="sticky" color="inherit" elevation={1}>
          <Toolbar>
            <IconButton
              edge="start"
              aria-label={t('nav.openMenu')}
              onPointerDown={preloadMobileDrawer}
              onClick={drawer.show}
            >
              <MenuIcon />
            </IconButton>
            <Box sx={{ flexGrow: 1, ml: 1 }}>
              <Logo />
            </Box>
            {mobileHeaderActions ?? <NotificationBell />}
            <FeedManagerIconButton onClick={feeds.show} />
          </Toolbar>
        </AppBar>
      ) : (
        // What a permanent MUI Drawer renders (a docked column and a fixed, scrolling paper), without the modal and
        // transitions a Drawer module brings along for its temporary variant.
        <Box sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}>
          <Box
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              width: SIDEBAR_WIDTH,
              height: '100%',
              overflowY: 'auto',
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
              zIndex: 'drawer',
            }}
          >
            <SidebarContent user={user} onOpenFeeds={feeds.show} />
          </Box>
        </Box>
      )}
      {isMobile && drawer.mounted && (
        <Suspense fallback={null}>
          <MobileDrawer open={drawer.open} onClose={drawer.close} width={SIDEBAR_WIDTH}>
            <SidebarContent user={user} onNavigate={drawer.close} onOpenFeeds={feeds.show} />
          </MobileDrawer>
        </Suspense>
      )}
      <Box component="main" sx={isMobile ? { p: 1.5 } : { flexGrow: 1, minWidth: 0, p: 3 }}>
        {(user.isAdmin || user.isMiniAdmin) && !user.twoFactorEnabled && (
          <Suspense fallback={null}>
            <StaffTwoFactorNotice />
          </Suspense>
        )}
        <Outlet />
      </Box>
      {feeds.dialog}
    </Box>
  );
}
