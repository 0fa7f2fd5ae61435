/**
 * A person's activity timeline (docs/security.md#the-audit-log): sign-ins, security and money changes, newest first,
 * a page at a time. Settings → Activity reads the person's own (GET /api/user/activity), the back office's user page
 * anyone's (GET /api/admin/users/{id}/activity). Each entry says what happened in words, when (Oslo time), who did it
 * and from which browser; meaning is in the words, never in colour alone.
 */
import { Alert, Box, Button, List, ListItem, Stack, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText, type Translator } from '../../../api/client';
import type { ActivityEntry } from '../../../api/types';
import { fetchActivityPage } from '../sessionsApi';

/** Entries read per "Show more". */
export { ACTIVITY_PAGE_SIZE } from '../sessionsApi';

const OSLO = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 'dd.MM.yyyy HH:mm' in Oslo, where the owners' homes are, whatever the reader's device says. */
export function formatOsloDateTime(iso: string): string {
  const parts = Object.fromEntries(OSLO.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The catalogue's text for `value` under `prefix` ('activity.roles' + 'admin'); '' for a value it has none for. */
function known(i18n: Translator, prefix: string, value: unknown): string {
  const key = `${prefix}.${text(value)}`;
  return text(value) && i18n.exists(key) ? i18n.t(key) : '';
}

/**
 * What happened, as a heading and an optional line of detail, in the reader's language: one text per action code,
 * under `activity.actions` with its dots as underscores ('login.failed' → login_failed), and a plain "other activity"
 * for a code this version does not know.
 */
export function describeActivity(entry: Pick<ActivityEntry, 'action' | 'details'>, i18n: Translator): { title: string; detail: string } {
  const { t } = i18n;
  const d = entry.details as Record<string, unknown>;
  const key = `activity.actions.${entry.action.replace(/\./g, '_')}`;
  const title = i18n.exists(key) ? t(key, { title: text(d.title) }) : t('activity.actions.other', { action: entry.action });
  switch (entry.action) {
    case 'login':
      return { title, detail: known(i18n, 'activity.loginMethod', d.method) };
    case 'login.failed':
    case 'reauth.failed':
      return { title, detail: known(i18n, 'activity.failReason', d.reason) };
    case 'two_factor.disabled':
      return { title, detail: known(i18n, 'activity.codeKind', d.with) };
    case 'sessions.ended':
      return { title: d.which === 'others' ? t('activity.actions.sessions_ended_others') : title, detail: '' };
    case 'password.changed':
      return { title, detail: known(i18n, 'activity.passwordVia', d.via) };
    case 'account_number.changed':
      return { title, detail: t('activity.fromTo', { from: text(d.from) || t('activity.none'), to: text(d.to) || t('activity.none') }) };
    case 'role.changed':
      return { title, detail: t('activity.fromTo', { from: known(i18n, 'activity.roles', d.from) || text(d.from), to: known(i18n, 'activity.roles', d.to) || text(d.to) }) };
    case 'account.created': {
      const role = known(i18n, 'activity.roles', d.role) || text(d.role);
      return { title, detail: text(d.accountNumber) ? t('activity.createdAs', { role, accountNumber: text(d.accountNumber) }) : t('activity.createdAsWithoutNumber', { role }) };
    }
    case 'account.deleted':
      return { title, detail: known(i18n, 'activity.deletedVia', d.via) };
    // A departing staff member's work (docs/roles.md#removing-a-person): who took it, and how much.
    case 'work.handed_over':
    case 'work.taken_over':
    case 'work.cancelled': {
      const counts = { appointments: text(d.appointments) || '0', meetings: text(d.meetings) || '0', cases: text(d.cases) || '0' };
      const counted = t('activity.workCounts', counts);
      if (entry.action === 'work.cancelled') return { title, detail: counted };
      const name = text(entry.action === 'work.handed_over' ? d.toName : d.fromName);
      return { title, detail: name ? t(entry.action === 'work.handed_over' ? 'activity.workTo' : 'activity.workFrom', { name, counted }) : counted };
    }
    // A personal API token (docs/security.md#api-tokens): its name, and the scopes it was given.
    case 'token.created':
      return { title, detail: t('activity.tokenCreated', { name: text(d.name), scopes: Array.isArray(d.scopes) ? d.scopes.map(text).join(', ') : '' }) };
    case 'token.revoked':
      return { title, detail: t('activity.tokenRevoked', { name: text(d.name) }) };
    case 'account.blocked':
      return { title, detail: text(d.reason) ? t('activity.reason', { reason: text(d.reason) }) : '' };
    case 'payout.create':
    case 'payout.update':
    case 'payout.delete': {
      const payout = (d.after ?? d.before ?? {}) as Record<string, unknown>;
      return { title, detail: payout.month && payout.year ? t('activity.payoutMonth', { month: text(payout.month), year: text(payout.year) }) : '' };
    }
    default:
      return { title, detail: '' };
  }
}

/** Who did it: the reader themselves, the person whose timeline it is, a staff member by name, or the system. */
function actorText(entry: ActivityEntry, subjectId: number, own: boolean, { t }: Translator): string {
  if (entry.actorId === null) return t(entry.action === 'login.failed' ? 'activity.by.notSignedIn' : 'activity.by.system');
  if (entry.actorId === subjectId) return own ? t('activity.by.you') : t('activity.by.user');
  return entry.actorName ?? t('activity.by.deleted');
}

export interface ActivityTimelineProps {
  /** GET /api/user/activity or /api/admin/users/{id}/activity. */
  url: string;
  queryKey: readonly unknown[];
  /** The person whose timeline it is. */
  subjectId: number;
  /** The reader's own timeline: their own actions read "you". */
  own: boolean;
  /** The id of the heading that names the list. */
  labelledBy: string;
}

export function ActivityTimeline({ url, queryKey, subjectId, own, labelledBy }: ActivityTimelineProps) {
  const { t, i18n } = useTranslation();
  const pages = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchActivityPage(url, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, page) => n + page.rows.length, 0);
      return last.rows.length > 0 && loaded < last.total ? loaded : undefined;
    },
    refetchOnMount: 'always',
  });
  if (pages.isError) return <Alert severity="error">{t('activity.loadFailed', { message: errorText(pages.error, t('common.error')) })}</Alert>;
  if (!pages.data) return null;
  const entries = pages.data.pages.flatMap((page) => page.rows);
  const total = pages.data.pages.at(-1)?.total ?? entries.length;
  if (entries.length === 0) return <Typography color="text.secondary">{t('activity.empty')}</Typography>;

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <List component="ol" aria-labelledby={labelledBy} sx={{ width: '100%', p: 0 }}>
        {entries.map((entry) => {
          const { title, detail } = describeActivity(entry, i18n);
          const device = entry.browser && entry.os ? t('activity.device', { browser: entry.browser, os: entry.os }) : (entry.browser ?? entry.os);
          return (
            <ListItem key={entry.id} divider sx={{ display: 'block', px: 0 }}>
              <Typography component="h3" variant="subtitle1">
                {title}
              </Typography>
              {detail && <Typography variant="body2">{detail}</Typography>}
              <Typography variant="body2" color="text.secondary">
                <Box component="time" dateTime={entry.createdAt}>
                  {formatOsloDateTime(entry.createdAt)}
                </Box>
                {' · '}
                {t('activity.byLine', { who: actorText(entry, subjectId, own, i18n) })}
                {device && ` · ${device}`}
                {entry.ipPrefix && ` · ${t('activity.network', { network: entry.ipPrefix })}`}
              </Typography>
            </ListItem>
          );
        })}
      </List>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {t('activity.shown', { shown: entries.length, total })}
      </Typography>
      {pages.hasNextPage && (
        <Button variant="outlined" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {t('activity.showMore')}
        </Button>
      )}
    </Stack>
  );
}
