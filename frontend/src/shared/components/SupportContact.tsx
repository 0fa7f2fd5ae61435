import { Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { hasContact, telHref, useSupportContact } from '../supportContact';

/**
 * Customer-service phone, e-mail and opening hours, for the sidebar and the login page: only what staff have given,
 * and nothing at all before they give any.
 */
export function SupportContact({ dense = false }: { dense?: boolean }) {
  const { t } = useTranslation();
  const contact = useSupportContact();
  if (!hasContact(contact)) return null;
  const variant = dense ? 'body2' : 'body1';
  return (
    <Stack spacing={0.5} component="section" aria-label={t('support.title')}>
      <Typography variant={dense ? 'subtitle2' : 'h6'} component="h2">
        {t('support.title')}
      </Typography>
      {contact.phone && (
        <Typography variant={variant}>
          {t('support.phone')}: <Link href={telHref(contact.phone)}>{contact.phone}</Link>
        </Typography>
      )}
      {contact.email && (
        <Typography variant={variant}>
          {t('support.email')}: <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
        </Typography>
      )}
      {contact.openingHours && (
        <Typography variant={variant} color="text.secondary">
          {t('support.hours')}: {contact.openingHours}
        </Typography>
      )}
    </Stack>
  );
}
