/**
 * The detail dialog's word on an owner's stay that waits for staff's approval (docs/product/stays.md#stays-as-requests),
 * loaded with its text (the catalogue's `stays` part) only for such a stay.
 */
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { laterPartLoaded } from '../../../i18n/laterPart';

const textsLoaded = await laterPartLoaded('later');

export function AwaitingApprovalNote() {
  const { t } = useTranslation();
  return textsLoaded ? <Alert severity="info">{t('stays.preview.awaiting')}</Alert> : null;
}
