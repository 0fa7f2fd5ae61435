/**
 * What the property's rules say of the stay in the add-event dialog, before it is sent
 * (docs/product/stays.md#before-a-stay-is-sent): each rule it would break, that it would wait for approval, and the
 * rental income its nights would forgo (an estimate). Loaded with its texts (the catalogue's `stays` part) in a chunk of
 * its own once the dialog is open; it says nothing for a stay without nights, or when it cannot ask.
 */
import { Alert, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fieldErrorText, type FieldError } from '../../../api/client';
import { laterPartLoaded } from '../../../i18n/laterPart';
import { formatWholeMoney } from '../../../shared/money';
import { useStayPreview, type StayDates } from '../stayPreview';

const textsLoaded = await laterPartLoaded('later');

interface StayPreviewNoteProps {
  propertyId: number;
  stay: StayDates;
}

export function StayPreviewNote({ propertyId, stay }: StayPreviewNoteProps) {
  const { t, i18n } = useTranslation();
  const { data } = useStayPreview(propertyId, stay);
  if (!textsLoaded || !data || data.nights === 0) return null;
  const forgone = data.forgoneIncome && t('stays.preview.forgone', { amount: formatWholeMoney(data.forgoneIncome.amount, data.forgoneIncome.currency, i18n.language) });
  return (
    <Stack spacing={1} aria-live="polite" data-testid="stay-preview">
      {data.errors.length > 0 ? (
        <Alert severity="warning">
          <Typography variant="body2">{t('stays.preview.broken')}</Typography>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {data.errors.map((error) => (
              <li key={`${error.code}-${JSON.stringify(error.params ?? {})}`}>
                <Typography variant="body2">{fieldErrorText(error as FieldError)}</Typography>
              </li>
            ))}
          </ul>
        </Alert>
      ) : (
        data.approval === 'request' && <Alert severity="info">{t('stays.preview.request')}</Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('stays.preview.nights', { count: data.nights })}
        {forgone ? ` · ${forgone}` : ''}
      </Typography>
    </Stack>
  );
}
