import { Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../supportContact';

/** Customer-service phone, e-mail and opening hours, for the sidebar and the login page. */
export function SupportContact({ dense = false }: { dense?: boolean }) {
  const { t } = useTranslation();
  const variant = dense ? 'body2' : 'body1';
  return (
    <Stack spacing={0.5} component="section" aria-label={t('support.title')}>
      <Typography variant={dense ? 'subtitle2' : 'h6'} component="h2">
        {t('support.title')}
      </Typography>
      <Typography variant={variant}>
        {t('support.phone')}: <Link href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>{SUPPORT_PHONE}</Link>
      </Typography>
      <Typography variant={variant}>
        {t('support.email')}: <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
      </Typography>
      <Typography variant={variant} color="text.secondary">
        {t('support.hours')}
      </Typography>
    </Stack>
  );
}
