/**
 * Beds24 configurations (docs/product/beds24.md#screens, admins only): owner, property, sync enabled, last sync with its counts,
 * and the last error (with 'needs new key' when Beds24 refused the credential); row actions 'sync now' and 'test
 * connection'; a row opens the edit page.
 */
import { Chip, Stack, Typography } from '@mui/material';
import { CreateButton, DataTable, List, NullableBooleanInput, SearchInput, SimpleList, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../formatDate';
import { useIsMobile } from '../useIsMobile';
import { Beds24RowActions } from './Beds24Actions';
import type { Beds24Config } from './types';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <NullableBooleanInput key="syncEnabled" source="syncEnabled" />, <NullableBooleanInput key="needsCredentials" source="needsCredentials" />];

function OwnerCell() {
  const config = useRecordContext<Beds24Config>();
  if (!config) return null;
  return (
    <Stack>
      <Typography variant="body2">{config.owner.name}</Typography>
      <Typography variant="caption" color="text.secondary">
        {config.owner.email ?? config.owner.username}
      </Typography>
    </Stack>
  );
}

function StatusCell() {
  const config = useRecordContext<Beds24Config>();
  const translate = useTranslate();
  if (!config) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip size="small" color={config.syncEnabled ? 'success' : 'default'} label={translate(config.syncEnabled ? 'resources.beds24.status.enabled' : 'resources.beds24.status.disabled')} />
      {config.needsCredentials && <Chip size="small" color="error" label={translate('resources.beds24.status.needsCredentials')} />}
    </Stack>
  );
}

function SyncCell() {
  const config = useRecordContext<Beds24Config>();
  const translate = useTranslate();
  if (!config) return null;
  return (
    <Stack>
      <Typography variant="body2">{formatDateTime(config.lastSync) ?? translate('resources.beds24.status.never')}</Typography>
      {config.lastSync && (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.beds24.sync.counts', { created: config.lastCreated, updated: config.lastUpdated, deleted: config.lastDeleted })}
        </Typography>
      )}
    </Stack>
  );
}

/** The server's error codes with a text of their own in the catalogue (the 'beds24' section); others show as stored. */
const ERROR_TEXTS: Record<string, string> = {
  beds24_needs_credentials: 'beds24.needsCredentials',
  beds24_rate_limited: 'beds24.rateLimited',
  beds24_sync_failed: 'beds24.syncFailed',
};

function ErrorCell() {
  const config = useRecordContext<Beds24Config>();
  const translate = useTranslate();
  if (!config?.lastError) return null;
  const known = config.lastErrorCode ? ERROR_TEXTS[config.lastErrorCode] : undefined;
  return (
    <Stack>
      <Typography variant="body2" color="error">
        {known ? translate(known) : config.lastError}
      </Typography>
      {known && config.lastErrorCode !== 'beds24_needs_credentials' && (
        <Typography variant="caption" color="text.secondary">
          {config.lastError}
        </Typography>
      )}
    </Stack>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

export function Beds24List() {
  const isMobile = useIsMobile();
  const translate = useTranslate();
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'userName', order: 'ASC' }} perPage={25} exporter={false}>
      {isMobile ? (
        <SimpleList<Beds24Config>
          rowClick="edit"
          primaryText={(c) => c.owner.name}
          secondaryText={(c) => `${translate('resources.beds24.fields.propId')}: ${c.propId} · ${formatDateTime(c.lastSync) ?? translate('resources.beds24.status.never')}`}
          tertiaryText={(c) => c.lastError ?? ''}
        />
      ) : (
        <DataTable<Beds24Config> rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="userName" label="resources.beds24.fields.userId" render={() => <OwnerCell />} />
          <DataTable.NumberCol source="propId" options={{ useGrouping: false }} />
          <DataTable.Col source="syncEnabled" label="resources.beds24.fields.status" render={() => <StatusCell />} />
          <DataTable.Col source="lastSync" render={() => <SyncCell />} />
          <DataTable.Col source="lastError" render={() => <ErrorCell />} />
          <DataTable.NumberCol source="eventCount" />
          <DataTable.Col label="resources.beds24.actions.label" disableSort render={() => <Beds24RowActions />} />
        </DataTable>
      )}
    </List>
  );
}
