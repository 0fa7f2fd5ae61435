/**
 * Create or edit a user's Beds24 configuration (API key and property ID required; history 0-1095 and
 * future 0-730 days, both 365 by default). The key field takes an invite code (the server exchanges it at once) or a
 * token; on edit it is empty and keeps the stored key unless filled in. The user picker leaves administrators out
 * (docs/product/beds24.md#who-may-do-what). Delete asks first.
 */
import { Box, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  Edit,
  maxValue,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { SaveDeleteToolbar } from '../SaveDeleteToolbar';
import { useNotifyFailure } from '../useNotifyFailure';
import { BEDS24_RESOURCE } from './beds24DataProvider';
import type { Beds24Config } from './types';

const REQUIRED = 'resources.beds24.validation.keyAndPropertyRequired';
const validateHistory = [required(), minValue(0, 'resources.beds24.validation.history'), maxValue(1095, 'resources.beds24.validation.history')];
const validateFuture = [required(), minValue(0, 'resources.beds24.validation.future'), maxValue(730, 'resources.beds24.validation.future')];
const validateProperty = [required(REQUIRED), minValue(1, 'resources.beds24.validation.property')];

function CommonInputs({ keyRequired }: { keyRequired: boolean }) {
  return (
    <>
      <TextInput source="apiKey" type="password" autoComplete="off" validate={keyRequired ? [required(REQUIRED)] : undefined} helperText={keyRequired ? 'resources.beds24.helpers.apiKey' : 'resources.beds24.helpers.apiKeyKeep'} />
      <NumberInput source="propId" validate={validateProperty} helperText="resources.beds24.helpers.propId" />
      <BooleanInput source="syncEnabled" />
      <NumberInput source="syncHistoricalDays" validate={validateHistory} step={1} />
      <NumberInput source="syncFutureDays" validate={validateFuture} step={1} />
    </>
  );
}

function StoredKey() {
  const config = useRecordContext<Beds24Config>();
  const translate = useTranslate();
  if (!config) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary">
        {translate('resources.beds24.fields.userId')}
      </Typography>
      <Typography>{`${config.owner.name} (${config.owner.username})`}</Typography>
      <Typography variant="body2" color={config.needsCredentials ? 'error' : 'text.secondary'}>
        {config.apiKeySet ? translate('resources.beds24.helpers.storedKey', { last4: config.apiKeyLast4 }) : translate('resources.beds24.helpers.noKey')}
        {config.needsCredentials && ` · ${translate('resources.beds24.status.needsCredentials')}`}
      </Typography>
    </Box>
  );
}

export function Beds24Create() {
  const notifyFailure = useNotifyFailure();
  return (
    <Create<Beds24Config> redirect="list" mutationOptions={{ onError: (error) => notifyFailure('resources.beds24.errors.save', error) }}>
      <SimpleForm defaultValues={{ syncEnabled: true, syncHistoricalDays: 365, syncFutureDays: 365 }}>
        <ReferenceInput source="userId" reference="users" filter={{ isAdmin: false }} sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            optionText={(user: { name: string; username: string }) => `${user.name} (${user.username})`}
            filterToQuery={(q: string) => ({ q })}
            validate={[required('resources.beds24.validation.userRequired')]}
          />
        </ReferenceInput>
        <CommonInputs keyRequired />
      </SimpleForm>
    </Create>
  );
}

export function Beds24Edit() {
  const notifyFailure = useNotifyFailure();
  return (
    <Edit<Beds24Config> mutationMode="pessimistic" redirect="list" mutationOptions={{ onError: (error) => notifyFailure('resources.beds24.errors.save', error) }}>
      <SimpleForm toolbar={<SaveDeleteToolbar resource={BEDS24_RESOURCE} />}>
        <StoredKey />
        <CommonInputs keyRequired={false} />
      </SimpleForm>
    </Edit>
  );
}
