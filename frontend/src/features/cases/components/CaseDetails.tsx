/** The details sidebar: number, state, people, and the actions the viewer may take. */
import { Button, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import type { CaseDetail } from '../../../api/types';
import { formatDateTime } from '../../../shared/dateFormats';
import { useToast } from '../../../shared/toast';
import { useAdministrators, useCaseAction } from '../casesApi';
import { AssignDialog, type Assignment } from './AssignDialog';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Stack>
  );
}

function AssignCaseDialog({ kase, onClose }: { kase: CaseDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const action = useCaseAction(kase.id);
  const admins = useAdministrators().data ?? [];
  const save = async ({ adminId, department }: Assignment) => {
    try {
      await action.mutateAsync({ kind: 'assign', adminId: adminId ? Number(adminId) : null, department: department || null });
      toast({ title: t('cases.assigned'), severity: 'success' });
      onClose();
    } catch (e) {
      toast({ title: t('cases.actionFailed'), description: errorText(e, t('cases.actionFailed')), severity: 'error' });
    }
  };
  return (
    <AssignDialog
      open
      title={t('cases.assignTitle')}
      admins={admins}
      initial={{ adminId: kase.adminId ? String(kase.adminId) : '', department: kase.department ?? '' }}
      labels={{ admin: t('cases.assignAdmin'), department: t('cases.department'), empty: t('cases.none'), save: t('cases.save') }}
      busy={action.isPending}
      onSave={save}
      onClose={onClose}
    />
  );
}

export function CaseDetails({ kase, userId, isAdmin }: { kase: CaseDetail; userId: number; isAdmin: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const action = useCaseAction(kase.id);
  const [assigning, setAssigning] = useState(false);
  const canWrite = isAdmin || kase.userId === userId;
  const run = async (a: Parameters<typeof action.mutateAsync>[0], done: string) => {
    try {
      await action.mutateAsync(a);
      toast({ title: done, severity: 'success' });
    } catch (e) {
      toast({ title: t('cases.actionFailed'), description: errorText(e, t('cases.actionFailed')), severity: 'error' });
    }
  };
  const assignee = [kase.adminName, kase.department ? t(`cases.departments.${kase.department}`) : null].filter(Boolean).join(' · ') || t('cases.noAssignee');
  return (
    <Stack spacing={1.5} component="aside" aria-label={t('cases.details')}>
      <Typography variant="h6" component="h2">
        {t('cases.details')}
      </Typography>
      <Row label={t('cases.caseNumber')} value={kase.caseNumber} />
      {kase.propertyName && <Row label={t('properties.household.property')} value={kase.propertyName} />}
      <Row label={t('cases.status')} value={t(`cases.statuses.${kase.status}`)} />
      <Row label={t('cases.category')} value={t(`cases.categories.${kase.category}`)} />
      <Row label={t('cases.priority')} value={t(`cases.priorities.${kase.priority}`)} />
      {kase.userId !== userId && <Row label={t('cases.owner')} value={kase.userName ?? '-'} />}
      <Row label={t('cases.assignee')} value={assignee} />
      <Row label={t('cases.created')} value={formatDateTime(kase.createdAt) ?? ''} />
      <Row label={t('cases.updated')} value={formatDateTime(kase.updatedAt) ?? ''} />
      {canWrite && (
        <>
          <Divider />
          <Stack spacing={1}>
            {kase.isClosed ? (
              <Button variant="outlined" onClick={() => run({ kind: 'reopen' }, t('cases.reopened'))} disabled={action.isPending}>
                {t('cases.reopen')}
              </Button>
            ) : (
              <Button variant="outlined" color="success" onClick={() => run({ kind: 'close' }, t('cases.closed'))} disabled={action.isPending}>
                {t('cases.close')}
              </Button>
            )}
            {isAdmin && (
              <>
                {kase.adminId !== userId && (
                  <Button variant="outlined" onClick={() => run({ kind: 'assign', adminId: userId }, t('cases.assigned'))} disabled={action.isPending}>
                    {t('cases.assignToMe')}
                  </Button>
                )}
                <Button variant="outlined" onClick={() => setAssigning(true)}>
                  {t('cases.assign')}
                </Button>
              </>
            )}
          </Stack>
        </>
      )}
      {assigning && <AssignCaseDialog kase={kase} onClose={() => setAssigning(false)} />}
    </Stack>
  );
}
