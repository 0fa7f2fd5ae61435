/**
 * Payouts of every owner (docs/product/payouts-and-prices.md#screens): owner and year filters, the year overview by month for the
 * chosen owner, and the table. Admins register and edit; mini admins read only (no create, edit or delete).
 */
import { Chip } from '@mui/material';
import { Suspense } from 'react';
import { AutocompleteInput, CreateButton, DataTable, List, ReferenceInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../shared/money';
import { useIsMobile } from '../useIsMobile';
import { ReadOnlyChip, useIsFullAdmin } from '../access';
import type { AdminPayout } from './types';
import { lazyNamed } from '../../shared/lazyNamed';

// The overview brings Chart.js: its own chunk, so the back office's first screen does not carry it.
const YearOverview = lazyNamed(() => import('./YearOverview'), 'YearOverview');

const STATUS_COLOR = { pending: 'warning', paid: 'success', sent: 'info', offset: 'default' } as const;

/** Years from the first that payouts allow (2020) to next year. */
const yearChoices = () => {
  const last = new Date().getFullYear() + 1;
  return Array.from({ length: last - 2019 }, (_, i) => ({ id: last - i, name: String(last - i) }));
};

const filters = [
  <ReferenceInput key="userId" source="userId" reference="users" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <AutocompleteInput optionText={(u: { name: string; username: string }) => `${u.name} (${u.username})`} filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <SelectInput key="year" source="year" choices={yearChoices()} alwaysOn />,
];

function ListActions() {
  const isAdmin = useIsFullAdmin();
  return <TopToolbar sx={{ alignItems: 'center' }}>{isAdmin ? <CreateButton label="resources.payouts.register" /> : <ReadOnlyChip />}</TopToolbar>;
}

function StatusChip({ status }: { status: AdminPayout['status'] }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`payouts.status.${status}`)} />;
}

export function PayoutList() {
  const isAdmin = useIsFullAdmin();
  const isMobile = useIsMobile();
  const { i18n } = useTranslation();
  const amount = (p: AdminPayout) => `${formatDecimal(p.amount, i18n.language)} ${p.currency}`;
  return (
    <List
      filters={filters}
      filterDefaultValues={{ year: new Date().getFullYear() }}
      actions={<ListActions />}
      sort={{ field: 'month', order: 'ASC' }}
      perPage={50}
      exporter={false}
    >
      <Suspense fallback={null}>
        <YearOverview />
      </Suspense>
      {isMobile ? (
        <SimpleList<AdminPayout>
          rowClick={isAdmin ? 'edit' : false}
          primaryText={(p) => `${p.userName} · ${String(p.month).padStart(2, '0')}.${p.year}`}
          secondaryText={amount}
          tertiaryText={(p) => <StatusChip status={p.status} />}
        />
      ) : (
        <DataTable<AdminPayout> rowClick={isAdmin ? 'edit' : false} bulkActionButtons={false}>
          <DataTable.Col source="userName" />
          <DataTable.Col source="month" render={(p) => `${String(p.month).padStart(2, '0')}.${p.year}`} />
          <DataTable.Col source="amount" align="right" render={amount} />
          <DataTable.Col source="status" render={(p) => <StatusChip status={p.status} />} />
          <DataTable.NumberCol source="rentalDays" />
          <DataTable.Col source="notes" disableSort />
        </DataTable>
      )}
    </List>
  );
}
