/**
 * Asks an admin to fill in the company's contact details while none are given: a fresh install shows owners no phone
 * number or e-mail address until staff enter them (docs/operations.md, "Company contact details").
 */
import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, useCreatePath, useDataProvider, useTranslate } from 'react-admin';
import { queryKeys } from '../../api/queryKeys';
import { CONTACT_KEYS } from '../../shared/supportContact';
import type { AdminDataProvider } from '../dataProvider';

export function MissingContactNotice() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const createPath = useCreatePath();
  const settings = useQuery({ queryKey: queryKeys.systemSettings, queryFn: () => dataProvider.systemSettings() });
  const given = settings.data?.some((setting) => (CONTACT_KEYS as readonly string[]).includes(setting.key) && setting.value !== '');
  if (!settings.data || given) return null;
  return (
    <Alert
      severity="info"
      sx={{ mt: 1 }}
      action={
        // LinkBase is react-admin's router-agnostic link: it follows whichever router react-admin runs in.
        <Button color="inherit" size="small" component={LinkBase} to={createPath({ resource: 'system', type: 'list' })}>
          {translate('resources.system.contact.fillIn')}
        </Button>
      }
    >
      {translate('resources.system.contact.missing')}
    </Alert>
  );
}
