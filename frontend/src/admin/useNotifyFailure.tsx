/**
 * Back office toasts (docs/product/app.md#toasts): a titled error ('Feil', 'Blokkeringsfeil', ...) whose text is 'Kunne ikke ...: {server
 * message}'. react-admin's notify accepts an element, which lets the toast carry a title like the original.
 */
import { Alert, AlertTitle } from '@mui/material';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ReauthCancelled } from '../api/client';
import { errorMessage } from './httpClient';

export function useNotifyFailure() {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (textKey: string, error: unknown, titleKey = 'admin.errorTitle') => {
      // The admin closed the re-authentication dialog: nothing was changed, and nothing went wrong.
      if (error instanceof ReauthCancelled) return;
      notify(
        <Alert severity="error" variant="filled" sx={{ minWidth: 288 }}>
          <AlertTitle>{translate(titleKey)}</AlertTitle>
          {translate(textKey, { message: errorMessage(error) })}
        </Alert>,
        { type: 'error' },
      );
    },
    [notify, translate],
  );
}
