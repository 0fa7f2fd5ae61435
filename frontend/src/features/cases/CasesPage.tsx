/**
 * /cases (docs/product/cases.md#screens): the open and archive lists with counts, the new-case dialog, the messages of
 * the chosen case (?case=<id>) and its details. On a phone one column at a time, with a way back to the list.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Chip, CircularProgress, List, ListItemButton, ListItemText, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Case } from '../../api/types';
import { formatDateTime } from '../../shared/dateFormats';
import { useDevicePreference } from '../../shared/devicePreference';
import { useCurrentUser } from '../../shared/sessionApi';
import { CaseDetails } from './components/CaseDetails';
import { MessagePane } from './components/MessagePane';
import { NewCaseDialog } from './components/NewCaseDialog';
import { type CaseState, type PayoutQuestion, parseCaseId, useCase, useCaseList } from './casesApi';

function CaseList({ cases, selected, onSelect, staff }: { cases: Case[]; selected: number | null; onSelect: (id: number) => void; staff: boolean }) {
  const { t } = useTranslation();
  if (!cases.length) return <Typography sx={{ p: 2 }} color="text.secondary">{t('cases.empty')}</Typography>;
  return (
    <List disablePadding aria-label={t('cases.title')}>
      {cases.map((c) => (
        <ListItemButton key={c.id} selected={c.id === selected} onClick={() => onSelect(c.id)} divider data-testid="case-row">
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography component="span" sx={{ fontWeight: c.unreadCount ? 700 : 400, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {c.title}
                </Typography>
                {c.unreadCount > 0 && <Chip size="small" color="primary" label={c.unreadCount} aria-label={t('cases.unread', { count: c.unreadCount })} />}
              </Stack>
            }
            secondary={`${c.caseNumber} · ${t(`cases.statuses.${c.status}`)}${staff && c.userName ? ` · ${c.userName}` : ''} · ${formatDateTime(c.lastMessageAt ?? c.updatedAt)}`}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

export function CasesPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { isMobile } = useDevicePreference();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<CaseState>('open');
  // A payout's line asked about (the payout's detail navigates here with it): the new-case dialog opens with it.
  const location = useLocation();
  const navigate = useNavigate();
  const question = (location.state as { payoutQuestion?: PayoutQuestion } | null)?.payoutQuestion ?? null;
  const [creating, setCreating] = useState(() => question !== null);
  const staff = Boolean(user?.isAdmin || user?.isMiniAdmin);
  const isAdmin = Boolean(user?.isAdmin);
  const open = useCaseList('open', staff);
  const closed = useCaseList('closed', staff);
  const selectedId = parseCaseId(params.get('case'));
  const selected = useCase(selectedId);
  if (!user) return null;

  const select = (id: number | null) => setParams(id ? { case: String(id) } : {});
  const lists = { open, closed };
  const current = lists[tab];

  const listPanel = (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <Tabs value={tab} onChange={(_, v: CaseState) => setTab(v)} variant="fullWidth">
        <Tab value="open" label={`${t('cases.open')} (${open.total})`} />
        <Tab value="closed" label={`${t('cases.archive')} (${closed.total})`} />
      </Tabs>
      {current.isPending ? <CircularProgress sx={{ m: 2 }} size={24} /> : current.error ? <Alert severity="error">{t('cases.loadFailed')}</Alert> : <CaseList cases={current.cases} selected={selectedId} onSelect={select} staff={staff} />}
      {current.hasMore && (
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button onClick={current.loadMore} disabled={current.loadingMore}>
            {t('cases.loadMore', { shown: current.cases.length, total: current.total })}
          </Button>
        </Box>
      )}
    </Paper>
  );

  const detail =
    selectedId === null ? (
      !isMobile && <Typography color="text.secondary">{t('cases.select')}</Typography>
    ) : selected.error ? (
      <Alert severity="warning">{t('cases.notFound')}</Alert>
    ) : !selected.data ? (
      <CircularProgress size={24} />
    ) : (
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h2">
          {selected.data.title}
        </Typography>
        <Typography color="text.secondary">{selected.data.caseNumber}</Typography>
        <MessagePane key={selected.data.id} kase={selected.data} userId={user.id} canWrite={isAdmin || selected.data.userId === user.id} />
      </Stack>
    );

  const sidebar = selected.data && selectedId !== null && <CaseDetails kase={selected.data} userId={user.id} isAdmin={isAdmin} />;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h4" component="h1">
          {t('cases.title')}
        </Typography>
        {(!staff || isAdmin) && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('cases.newCase')}
          </Button>
        )}
      </Stack>
      {isMobile ? (
        selectedId === null ? (
          listPanel
        ) : (
          <Stack spacing={2}>
            <Box>
              <Button startIcon={<ArrowBackIcon />} onClick={() => select(null)}>
                {t('cases.back')}
              </Button>
            </Box>
            {detail}
            {sidebar}
          </Stack>
        )
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(240px, 320px) minmax(0, 1fr) minmax(200px, 260px)', gap: 2, alignItems: 'start' }}>
          {listPanel}
          <Box sx={{ minWidth: 0 }}>{detail}</Box>
          <Box>{sidebar}</Box>
        </Box>
      )}
      <NewCaseDialog
        open={creating}
        isAdmin={isAdmin}
        question={question}
        onClose={() => {
          setCreating(false);
          // The question is spent: a reload or a later 'Ny sak' starts empty.
          if (question) navigate(location.pathname + location.search, { replace: true, state: null });
        }}
        onCreated={(id) => {
          setCreating(false);
          setTab('open');
          select(id);
        }}
      />
    </Stack>
  );
}
