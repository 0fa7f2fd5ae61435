/**
 * Staff's stay requests (docs/product/stays.md#screens): the waiting ones by default, or those of one status or one
 * property; newest first, as the server sorts them. A row opens the request, where admins decide it.
 */
import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, DataTable, List, SelectInput, SimpleList, useDataProvider, useTranslate } from 'react-admin';
import { useIsMobile } from '../useIsMobile';
import { StatusChip, STATUSES, stayDates, useStayText } from './parts';
import type { StayRequest } from './stayRequestsDataProvider';
import { TEXTS } from './texts';

function StatusFilter(props: { source: string; alwaysOn: boolean }) {
  const translate = useTranslate();
  const choices = STATUSES.map((id) => ({ id, name: translate(`${TEXTS}.status.${id}`) }));
  return <SelectInput {...props} label={`${TEXTS}.fields.status`} choices={choices} emptyText={`${TEXTS}.allStatuses`} />;
}

/** The properties to choose from, read once: the list's filter knows no id lookup, so react-admin's reference input would not name the one chosen. */
function PropertyFilter(props: { source: string; alwaysOn: boolean }) {
  const dataProvider = useDataProvider();
  const { data = [], isPending } = useQuery({
    queryKey: ['properties', 'getList', 'choices'],
    queryFn: async ({ signal }) => (await dataProvider.getList('properties', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' }, filter: {}, signal })).data,
  });
  return <AutocompleteInput {...props} label={`${TEXTS}.fields.property`} choices={data} optionText="name" isPending={isPending} />;
}

const filters = [<StatusFilter key="status" source="status" alwaysOn />, <PropertyFilter key="propertyId" source="propertyId" alwaysOn />];

export function StayRequestList() {
  const isMobile = useIsMobile();
  const translate = useTranslate();
  const stayText = useStayText();
  const empty = <Typography sx={{ p: 2 }}>{translate(`${TEXTS}.empty`)}</Typography>;
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false} title={`${TEXTS}.title`}>
      {isMobile ? (
        <SimpleList<StayRequest>
          linkType="show"
          primaryText={(r) => `${r.title} · ${r.propertyName}`}
          secondaryText={(r) => `${stayText(r)} · ${r.requestedByName ?? ''}`}
          tertiaryText={(r) => translate(`${TEXTS}.status.${r.status}`)}
          empty={empty}
        />
      ) : (
        <DataTable<StayRequest> rowClick="show" bulkActionButtons={false} empty={empty}>
          <DataTable.Col source="propertyName" label={`${TEXTS}.fields.property`} disableSort />
          <DataTable.Col source="requestedByName" label={`${TEXTS}.fields.requestedBy`} disableSort />
          <DataTable.Col source="title" label={`${TEXTS}.fields.title`} disableSort />
          <DataTable.Col source="startTime" label={`${TEXTS}.fields.dates`} render={stayDates} />
          <DataTable.NumberCol source="nights" label={`${TEXTS}.fields.nights`} disableSort />
          <DataTable.Col source="status" label={`${TEXTS}.fields.status`} render={(r) => <StatusChip status={r.status} />} />
        </DataTable>
      )}
    </List>
  );
}
