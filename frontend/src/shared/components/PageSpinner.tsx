import { Box, CircularProgress, Typography } from '@mui/material';

/** A centred spinner with an optional caption, for lazy pages and the access check. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <Box sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center', gap: 2, alignContent: 'center' }} role="status">
      <CircularProgress aria-label={label} />
      {label && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}
