/**
 * Add or edit a feed for a user from the back office ('add/edit iCal feed', docs/product/feeds.md#screens): name, URL, colour
 * (default #e11d48 here) and enabled; the owner is picked on creation and fixed afterwards (the API
 * does not move feeds between users). Admin only: mini admins reach neither page (canAccess). No onSuccess of
 * our own: it would replace react-admin's notify-and-redirect; the list and the health panel re-read on return.
 */
import { Box, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  Edit,
  RadioButtonGroupInput,
  ReferenceInput,
  required,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { SaveDeleteToolbar } from '../SaveDeleteToolbar';
import { FEEDS_RESOURCE } from './feedsDataProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import type { AdminFeed } from './types';

/** The admin form's default, then the feed palette. */
export const ADMIN_FEED_DEFAULT_COLOR = '#e11d48';
export const FEED_PALETTE = ['#ef4444', '#f97316', '#eab308', '#16a34a', '#0ea5e9', '#6366f1', '#a855f7', '#ec4899'] as const;
const COLOR_CHOICES = [ADMIN_FEED_DEFAULT_COLOR, ...FEED_PALETTE].map((hex) => ({ id: hex, name: hex }));

/** Mirrors the server (docs/product/feeds.md#validation-and-limits): an http(s) address; webcal:// is stored as https://. */
export const validateFeedUrl: Validator = (value: unknown) => {
  if (typeof value !== 'string' || !value.trim()) return 'resources.ical-feeds.validation.urlRequired';
  try {
    const url = new URL(value.trim().replace(/^webcals?:\/\//i, 'https://'));
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return undefined;
  } catch {
    // falls through to the message
  }
  return 'resources.ical-feeds.validation.urlInvalid';
};
const validateName = [required('resources.ical-feeds.validation.nameRequired')];
const validateUrl = [required('resources.ical-feeds.validation.urlRequired'), validateFeedUrl];
const validateUser = [required('resources.ical-feeds.validation.userRequired')];

function Swatch({ hex }: { hex: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box component="span" aria-hidden sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: hex, border: 1, borderColor: 'divider' }} />
      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
        {hex}
      </Typography>
    </Box>
  );
}

function CommonInputs() {
  return (
    <>
      <TextInput source="name" validate={validateName} />
      <TextInput source="url" validate={validateUrl} helperText="resources.ical-feeds.helpers.url" />
      <RadioButtonGroupInput source="color" choices={COLOR_CHOICES} optionText={(choice: { id: string }) => <Swatch hex={choice.id} />} />
      <BooleanInput source="enabled" />
    </>
  );
}

function Owner() {
  const feed = useRecordContext<AdminFeed>();
  const translate = useTranslate();
  if (!feed) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary">
        {translate('resources.ical-feeds.fields.userId')}
      </Typography>
      <Typography>{`${feed.userName} (${feed.username})`}</Typography>
    </Box>
  );
}

export function FeedCreate() {
  const notifyFailure = useNotifyFailure();
  return (
    <Create<AdminFeed>
      redirect="list"
      mutationOptions={{ onError: (error) => notifyFailure('resources.ical-feeds.errors.create', error) }}
    >
      <SimpleForm defaultValues={{ color: ADMIN_FEED_DEFAULT_COLOR, enabled: true }}>
        <ReferenceInput source="userId" reference="users" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            optionText={(user: { name: string; username: string }) => `${user.name} (${user.username})`}
            filterToQuery={(q: string) => ({ q })}
            validate={validateUser}
          />
        </ReferenceInput>
        <CommonInputs />
      </SimpleForm>
    </Create>
  );
}

export function FeedEdit() {
  const notifyFailure = useNotifyFailure();
  return (
    <Edit<AdminFeed>
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{ onError: (error) => notifyFailure('resources.ical-feeds.errors.update', error) }}
    >
      <SimpleForm toolbar={<SaveDeleteToolbar resource={FEEDS_RESOURCE} />}>
        <Owner />
        <CommonInputs />
      </SimpleForm>
    </Edit>
  );
}
