/** A visitor who is neither admin nor mini admin sees 'Tilgang nektet' with a way home. */
import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function AccessDenied() {
  const translate = useTranslate();
  return (
    <Box role="alert" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, mt: 8, px: 2, textAlign: 'center' }}>
      <LockIcon color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1">
        {translate('admin.accessDenied.title')}
      </Typography>
      <Typography color="text.secondary">{translate('admin.accessDenied.message')}</Typography>
      {/* A full page load: home is the main app, outside react-admin's routes. */}
      <Button variant="contained" href="/">
        {translate('admin.accessDenied.home')}
      </Button>
    </Box>
  );
}
