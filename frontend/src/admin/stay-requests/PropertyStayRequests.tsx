/**
 * A property's stay requests on its back-office page: the waiting ones first, then the latest decided, each a link
 * to the request, and a link to all of them in the list.
 */
import { Alert, Box, Link as MuiLink, List as MuiList, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate, type GetListParams, type Identifier } from 'react-admin';
import { Link } from 'react-router';
import { errorMessage } from '../httpClient';
import { StatusChip, useStayText } from './parts';
import { STAY_REQUESTS_RESOURCE } from './names';
import type { StayRequest } from './stayRequestsDataProvider';
import { TEXTS } from './texts';

/** How many decided (or withdrawn) requests are shown below the waiting ones; the list has the rest. */
const RECENT = 5;

/** A read of the list under the resource's cache key, so a decision made elsewhere refreshes it too. */
function useRequests(params: GetListParams) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [STAY_REQUESTS_RESOURCE, 'getList', params],
    queryFn: async ({ signal }) => (await dataProvider.getList<StayRequest>(STAY_REQUESTS_RESOURCE, { ...params, signal })).data,
  });
}

export function PropertyStayRequests() {
  const property = useRecordContext<{ id: Identifier }>();
  if (!property) return null;
  return <RequestsOf propertyId={property.id} />;
}

function RequestsOf({ propertyId }: { propertyId: Identifier }) {
  const translate = useTranslate();
  const stayText = useStayText();
  const pending = useRequests({
    filter: { propertyId, status: 'pending' },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'startTime', order: 'ASC' },
  });
  // The newest, waiting ones among them, so that a few decided ones are left to show.
  const recent = useRequests({ filter: { propertyId }, pagination: { page: 1, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' } });
  const headingId = `property-${propertyId}-stay-requests`;
  const error = pending.error ?? recent.error;
  const rows = [...(pending.data ?? []), ...(recent.data ?? []).filter((r) => r.status !== 'pending').slice(0, RECENT)];
  const allPath = `/admin/${STAY_REQUESTS_RESOURCE}?${new URLSearchParams({ filter: JSON.stringify({ propertyId }) })}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ width: '100%', maxWidth: 720 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1 }}>
        {translate(`${TEXTS}.title`)}
      </Typography>
      {error ? (
        <Alert severity="error">{translate(`${TEXTS}.loadFailed`, { message: errorMessage(error) })}</Alert>
      ) : pending.isPending || recent.isPending ? null : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${TEXTS}.empty`)}
        </Typography>
      ) : (
        <>
          <MuiList dense disablePadding>
            {rows.map((request) => (
              <ListItem key={request.id} disableGutters divider>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <MuiLink component={Link} to={`/admin/${STAY_REQUESTS_RESOURCE}/${request.id}/show`}>
                        {request.title}
                      </MuiLink>
                      <StatusChip status={request.status} />
                    </Stack>
                  }
                  secondary={`${stayText(request)} · ${request.requestedByName ?? translate(`${TEXTS}.unknownPerson`)}`}
                />
              </ListItem>
            ))}
          </MuiList>
          <MuiLink component={Link} to={allPath} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
            {translate(`${TEXTS}.showAll`)}
          </MuiLink>
        </>
      )}
    </Box>
  );
}
