import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The shared frame of the full-page fallback screens: a centred card with a title, a text and actions. `loading`
 * marks the startup's loading screen, under which a prerendered login page stays (frontend/boot/login-shell.js).
 */
export function CenteredScreen({ title, children, actions, loading = false }: { title: string; children?: ReactNode; actions?: ReactNode; loading?: boolean }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'grey.100' }} data-app-loading={loading || undefined}>
      <Paper sx={{ p: 4, maxWidth: 480, width: '100%' }} elevation={2}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {children}
          {actions && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              {actions}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
