/**
 * Every case for staff: filters by status, department, assignee and owner (the API also by property); admins select rows and assign them to an
 * admin and/or a department at once. A case opens in the app's /cases, where its conversation is.
 */
import { Button, Chip, Link } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput, DataTable, List, ReferenceInput, SelectInput, SimpleList, TopToolbar, useDataProvider, useGetList, useListContext, useNotify, useRefresh,
  useTranslate, useUnselectAll,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { Case } from '../../api/types';
import { AssignDialog, DEPARTMENTS, type Assignment } from '../../features/cases';
import { formatDateTime } from '../../shared/dateFormats';
import type { AdminDataProvider } from '../dataProvider';
import { useIsMobile } from '../useIsMobile';
import { ReadOnlyChip, useIsFullAdmin } from '../access';
import { useNotifyFailure } from '../useNotifyFailure';

const STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;

interface Person {
  id: number;
  name: string;
  username: string;
  isAdmin: boolean;
}

function useAdmins() {
  const { data } = useGetList<Person>('users', { filter: { isAdmin: true }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  return (data ?? []).filter((u) => u.isAdmin);
}

function AssigneeFilter(props: { source: string; alwaysOn: boolean }) {
  const translate = useTranslate();
  const choices = [{ id: 'none', name: translate('resources.cases.unassigned') }, ...useAdmins().map((a) => ({ id: a.id, name: a.name }))];
  return <SelectInput {...props} label="resources.cases.fields.adminId" choices={choices} />;
}

function useFilters() {
  const { t } = useTranslation();
  return [
    <SelectInput key="status" source="status" choices={STATUSES.map((s) => ({ id: s, name: t(`cases.statuses.${s}`) }))} alwaysOn />,
    <SelectInput key="department" source="department" choices={DEPARTMENTS.map((d) => ({ id: d, name: t(`cases.departments.${d}`) }))} alwaysOn />,
    <AssigneeFilter key="adminId" source="adminId" alwaysOn />,
    <ReferenceInput key="userId" source="userId" reference="users" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
      <AutocompleteInput label="resources.cases.fields.userName" optionText={(u: Person) => `${u.name} (${u.username})`} filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
  ];
}

/** Assigns the selected cases, one call each; the list refreshes when all are done. */
function BulkAssignButton() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('cases');
  const admins = useAdmins();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async ({ adminId, department }: Assignment) => {
    setBusy(true);
    try {
      const input = { ...(adminId ? { adminId: Number(adminId) } : {}), ...(department ? { department } : {}) };
      for (const id of selectedIds) await dataProvider.assignCase(id, input);
      notify('resources.cases.bulk.done', { type: 'success', messageArgs: { smart_count: selectedIds.length } });
      setOpen(false);
      unselectAll();
      refresh();
    } catch (e) {
      notifyFailure('resources.cases.bulk.failed', e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {translate('resources.cases.bulk.assign')}
      </Button>
      <AssignDialog
        open={open}
        title={translate('resources.cases.bulk.title', { smart_count: selectedIds.length })}
        admins={admins}
        initial={{ adminId: '', department: '' }}
        labels={{
          admin: translate('resources.cases.fields.adminId'),
          department: translate('resources.cases.fields.department'),
          empty: translate('resources.cases.unchanged'),
          save: translate('resources.cases.bulk.assign'),
        }}
        busy={busy}
        requireChoice
        onSave={save}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function StatusChip({ c }: { c: Case }) {
  const { t } = useTranslation();
  return <Chip size="small" color={c.isClosed ? 'default' : c.status === 'open' ? 'warning' : 'info'} label={t(`cases.statuses.${c.status}`)} />;
}

const openLink = (c: Case) => (
  <Link href={`/cases?case=${c.id}`} onClick={(e) => e.stopPropagation()}>
    {c.caseNumber}
  </Link>
);

export function CaseList() {
  const isAdmin = useIsFullAdmin();
  const isMobile = useIsMobile();
  const { t } = useTranslation();
  const assignee = (c: Case) => [c.adminName, c.department ? t(`cases.departments.${c.department}`) : null].filter(Boolean).join(' · ') || '—';
  return (
    <List filters={useFilters()} actions={<TopToolbar>{!isAdmin && <ReadOnlyChip />}</TopToolbar>} sort={{ field: 'updatedAt', order: 'DESC' }} perPage={25} exporter={false} empty={false}>
      {isMobile ? (
        // A row opens the case's conversation in the app's /cases, as the case number does on a desktop.
        <SimpleList<Case> rowClick={(id) => `/cases?case=${id}`} primaryText={(c) => `${c.caseNumber} · ${c.title}`} secondaryText={(c) => `${c.userName ?? ''} · ${assignee(c)}`} tertiaryText={(c) => <StatusChip c={c} />} />
      ) : (
        <DataTable<Case> rowClick={false} bulkActionButtons={isAdmin ? <BulkAssignButton /> : false}>
          <DataTable.Col source="caseNumber" render={(c) => openLink(c as Case)} />
          <DataTable.Col source="title" />
          <DataTable.Col source="userName" disableSort />
          <DataTable.Col source="propertyName" label={t('properties.household.property')} disableSort />
          <DataTable.Col source="status" render={(c) => <StatusChip c={c as Case} />} />
          <DataTable.Col source="priority" render={(c) => t(`cases.priorities.${c.priority}`)} />
          <DataTable.Col source="adminId" label="resources.cases.fields.assignee" render={(c) => assignee(c as Case)} />
          <DataTable.NumberCol source="unreadCount" disableSort />
          <DataTable.Col source="updatedAt" render={(c) => formatDateTime(c.updatedAt)} />
        </DataTable>
      )}
    </List>
  );
}
