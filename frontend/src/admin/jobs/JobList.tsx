/**
 * The 'jobs' tab: every scheduled job (GET /api/admin/jobs) with its schedule, last start, duration, state and
 * error; admins may run one now (POST /api/admin/jobs/{id}/run), mini admins only look.
 */
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Alert, Button, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Paper, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify, usePermissions, useTranslate } from 'react-admin';
import type { JobStatus } from '../../api/types';
import type { Role } from '../authProvider';
import type { AdminDataProvider } from '../dataProvider';
import { formatDateTime } from '../formatDate';
import { errorMessage } from '../httpClient';
import { useNotifyFailure } from '../useNotifyFailure';
import { jobsKeys } from './jobsDataProvider';

type JobState = 'never' | 'running' | 'ok' | 'failed';

/** A run has started and not finished: running; otherwise the last finished run's outcome. */
export function jobState(job: JobStatus): JobState {
  if (!job.lastStartedAt) return 'never';
  if (!job.lastFinishedAt || new Date(job.lastFinishedAt) < new Date(job.lastStartedAt)) return 'running';
  return job.lastError ? 'failed' : 'ok';
}

const STATE_COLOR = { never: 'default', running: 'info', ok: 'success', failed: 'error' } as const;

export function JobList() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.jobs.${key}`, options);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions<Role>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const jobs = useQuery({ queryKey: jobsKeys.list, queryFn: () => dataProvider.jobs(), refetchOnMount: 'always' });
  const run = useMutation({
    mutationFn: (id: string) => dataProvider.runJob(id),
    onSuccess: (_answer, id) => {
      notify(t('started', { id }), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: jobsKeys.list });
    },
    onError: (error) => notifyFailure('resources.jobs.runFailed', error),
  });

  if (jobs.isError) return <Alert severity="error" sx={{ mt: 2 }}>{t('loadFailed', { message: errorMessage(jobs.error) })}</Alert>;
  const never = t('state.never');
  return (
    <TableContainer component={Paper} sx={{ mt: 2 }}>
      <Title title={t('title')} />
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            {['id', 'schedule', 'lastStartedAt', 'lastDurationMs', 'state', 'lastError', 'runCount'].map((f) => (
              <TableCell key={f}>{t(`fields.${f}`)}</TableCell>
            ))}
            {permissions === 'admin' && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={8}>
                <Typography color="text.secondary">{t('empty')}</Typography>
              </TableCell>
            </TableRow>
          )}
          {jobs.data?.map((job) => {
            const state = jobState(job);
            return (
              <TableRow key={job.id}>
                <TableCell sx={{ fontWeight: 600 }}>{job.id}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{job.schedule}</TableCell>
                <TableCell>{formatDateTime(job.lastStartedAt) ?? never}</TableCell>
                <TableCell>{job.lastDurationMs === null ? '–' : t('duration', { seconds: (job.lastDurationMs / 1000).toFixed(1) })}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATE_COLOR[state]} label={t(`state.${state}`)} />
                </TableCell>
                <TableCell sx={{ color: 'error.main', maxWidth: 320, overflowWrap: 'anywhere' }}>{job.lastError ?? ''}</TableCell>
                <TableCell>{job.runCount}</TableCell>
                {permissions === 'admin' && (
                  <TableCell>
                    <Button size="small" startIcon={<PlayArrowIcon />} onClick={() => run.mutate(job.id)} disabled={run.isPending || state === 'running'}>
                      {t('runNow')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
