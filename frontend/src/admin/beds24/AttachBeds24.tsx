/**
 * The create-user form's optional Beds24 part (docs/product/beds24.md#screens): an API key (invite code) and property ID for the new user,
 * not offered for administrators (docs/product/beds24.md#who-may-do-what). The user is created first; the configuration is saved after it, and when
 * that fails the user stays: 'Bruker opprettet, men Beds24-konfigurasjon feilet' with the server's message.
 */
import { Typography } from '@mui/material';
import { useRef } from 'react';
import { FormDataConsumer, NumberInput, TextInput, useDataProvider, useTranslate, type Validator } from 'react-admin';
import { useNotifyFailure } from '../useNotifyFailure';
import { BEDS24_RESOURCE } from './beds24DataProvider';

export interface Beds24Attachment {
  beds24ApiKey?: string;
  beds24PropId?: number | string | null;
}

const REQUIRED = 'resources.beds24.validation.keyAndPropertyRequired';
/** Both or neither. */
const bothOrNeither: Validator = (value: unknown, all: Beds24Attachment) => {
  const hasKey = Boolean(all.beds24ApiKey?.trim());
  const hasProperty = all.beds24PropId !== undefined && all.beds24PropId !== null && all.beds24PropId !== '';
  return hasKey !== hasProperty && !(value !== undefined && value !== null && value !== '') ? REQUIRED : undefined;
};

export function Beds24CreateInputs() {
  const translate = useTranslate();
  return (
    <FormDataConsumer<{ isAdmin?: boolean }>>
      {({ formData }) =>
        formData.isAdmin ? null : (
          <>
            <Typography variant="subtitle2" sx={{ mt: 1 }}>
              {translate('beds24.attach.title')}
            </Typography>
            <TextInput source="beds24ApiKey" label="resources.beds24.fields.apiKey" type="password" autoComplete="off" validate={bothOrNeither} helperText="beds24.attach.helper" />
            <NumberInput source="beds24PropId" label="resources.beds24.fields.propId" validate={bothOrNeither} />
          </>
        )
      }
    </FormDataConsumer>
  );
}

/**
 * For the create-user form: `take` removes the Beds24 fields from the user payload and keeps them; `attach` saves
 * the configuration for the created user (when both fields were given and the user is not an administrator).
 */
export function useAttachBeds24() {
  const held = useRef<{ apiKey: string; propId: number } | null>(null);
  const dataProvider = useDataProvider();
  const notifyFailure = useNotifyFailure();
  return {
    take<T extends Beds24Attachment & { isAdmin?: boolean }>(form: T): Omit<T, 'beds24ApiKey' | 'beds24PropId'> {
      const { beds24ApiKey, beds24PropId, ...rest } = form;
      const apiKey = beds24ApiKey?.trim();
      held.current = apiKey && beds24PropId && !form.isAdmin ? { apiKey, propId: Number(beds24PropId) } : null;
      return rest;
    },
    async attach(userId: number): Promise<void> {
      const wanted = held.current;
      held.current = null;
      if (!wanted) return;
      try {
        await dataProvider.create(BEDS24_RESOURCE, { data: { userId, ...wanted, syncEnabled: true, syncHistoricalDays: 365, syncFutureDays: 365 } });
      } catch (error) {
        notifyFailure('beds24.attach.failed', error);
      }
    },
  };
}
