/**
 * 'Admin Avtaler' (docs/product/agreements.md#screens): a filter by user with a count text, one card per agreement (title, user, date, time,
 * place, status, description) with details, edit and delete, and the two empty states. Mini admins read only.
 */
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import {
  CreateButton,
  DeleteWithConfirmButton,
  List,
  RecordContextProvider,
  ShowButton,
  TopToolbar,
  useListContext,
  useNotify,
  usePermissions,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { Agreement } from '../../api/types';
import { StatusBadge } from '../../features/agreements';
import { formatDate, formatTime } from '../../shared/dateFormats';
import type { Role } from '../authProvider';
import { ReadOnlyChip, useIsFullAdmin } from '../access';
import { useNotifyFailure } from '../useNotifyFailure';
import { EditAgreementButton } from './EditAgreementButton';
import { OwnerInput, useOwnerName } from './OwnerInput';


/** react-admin reads `alwaysOn` from the element in `filters`, so the list passes it. */
function UserFilter(props: { source: string; alwaysOn: boolean }) {
  return <OwnerInput {...props} label="resources.agreements.filter.user" />;
}

function ListActions() {
  const { permissions } = usePermissions<Role>();
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      {permissions === 'miniAdmin' && <ReadOnlyChip />}
      {permissions === 'admin' && <CreateButton label="resources.agreements.actions.create" />}
    </TopToolbar>
  );
}

function CountText() {
  const translate = useTranslate();
  const { total, filterValues } = useListContext<Agreement>();
  const name = useOwnerName(filterValues.userId);
  if (total === undefined) return null;
  const text = name
    ? translate('resources.agreements.filter.countFor', { smart_count: total, name })
    : translate('resources.agreements.filter.count', { smart_count: total });
  return (
    <Typography color="text.secondary" sx={{ px: 2, py: 1 }} data-testid="agreement-count">
      {text}
    </Typography>
  );
}

function AgreementCard({ agreement: a, isAdmin }: { agreement: Agreement; isAdmin: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const notifyFailure = useNotifyFailure();
  const when = new Date(a.meetingDate);
  return (
    <RecordContextProvider value={a}>
      <Card variant="outlined" sx={{ opacity: a.status === 'cancelled' ? 0.6 : 1 }} data-testid="admin-agreement-card">
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {a.title}
            </Typography>
            <StatusBadge status={a.status} />
          </Stack>
          <Typography>{a.userName ?? '—'}</Typography>
          <Typography color="text.secondary">
            {formatDate(when)} {formatTime(when)} · {a.meetingLocation || translate('agreements.noLocation')}
          </Typography>
          {a.description && <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{a.description}</Typography>}
        </CardContent>
        <CardActions sx={{ flexWrap: 'wrap' }}>
          <ShowButton label="resources.agreements.actions.details" />
          {isAdmin && <EditAgreementButton />}
          {isAdmin && (
            <DeleteWithConfirmButton
              label="resources.agreements.actions.delete"
              confirmTitle="resources.agreements.actions.delete"
              confirmContent="resources.agreements.confirmDelete"
              mutationMode="pessimistic"
              mutationOptions={{
                onSuccess: () => {
                  notify('resources.agreements.deleted', { type: 'success' });
                  refresh();
                },
                onError: (error: unknown) => notifyFailure('resources.agreements.deleteFailed', error),
              }}
            />
          )}
        </CardActions>
      </Card>
    </RecordContextProvider>
  );
}

function Cards() {
  const translate = useTranslate();
  const { data, isPending, filterValues, setFilters } = useListContext<Agreement>();
  const isAdmin = useIsFullAdmin();
  if (isPending) return null;
  if (!data?.length) {
    const filtered = filterValues.userId !== undefined && filterValues.userId !== '';
    return (
      <Box sx={{ p: 2 }}>
        <Typography color="text.secondary">{translate(filtered ? 'resources.agreements.empty.noneForUser' : 'resources.agreements.empty.none')}</Typography>
        {filtered && (
          <Button sx={{ mt: 1 }} onClick={() => setFilters({}, [])}>
            {translate('resources.agreements.empty.showAll')}
          </Button>
        )}
      </Box>
    );
  }
  return (
    <Stack spacing={1.5} sx={{ p: 2 }}>
      {data.map((a) => (
        <AgreementCard key={a.id} agreement={a} isAdmin={isAdmin} />
      ))}
    </Stack>
  );
}

export function AgreementList() {
  return (
    <List
      title="resources.agreements.title"
      filters={[<UserFilter key="userId" source="userId" alwaysOn />]}
      actions={<ListActions />}
      sort={{ field: 'meetingDate', order: 'DESC' }}
      perPage={25}
      empty={false}
    >
      <CountText />
      <Cards />
    </List>
  );
}
