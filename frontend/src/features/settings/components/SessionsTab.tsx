/**
 * Settings → Sessions (docs/security.md, Sessions): where the person is signed in, with browser, system, network and
 * when each was last used; end one, or every one but this.
 */
import { Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import { formatDateTime } from '../../../shared/dateFormats';
import { useToast } from '../../../shared/toast';
import { endSession, sessionsKeys, useUserSessions } from '../sessionsApi';

export function SessionsTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const sessions = useUserSessions();
  const end = useMutation({
    mutationFn: endSession,
    onSuccess: (answer, id) => {
      toast({ title: t(id ? 'sessions.ended' : 'sessions.othersEnded'), description: answer.message, severity: 'success' });
      return queryClient.invalidateQueries({ queryKey: sessionsKeys.sessions });
    },
    onError: (error) => toast({ title: t('sessions.failed'), description: errorText(error, t('common.error')), severity: 'error' }),
  });
  if (!sessions.data) return null;
  const others = sessions.data.filter((s) => !s.current);

  return (
    <Stack spacing={2}>
      <Typography>{t('sessions.intro')}</Typography>
      <List aria-label={t('sessions.listLabel')}>
        {sessions.data.map((s) => (
          <ListItem
            key={s.id}
            divider
            secondaryAction={
              !s.current && (
                <Button color="error" onClick={() => end.mutate(s.id)} disabled={end.isPending}>
                  {t('sessions.end')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={`${s.browser ?? t('sessions.unknownBrowser')} · ${s.os ?? t('sessions.unknownOs')}${s.current ? ` (${t('sessions.current')})` : ''}`}
              secondary={t('sessions.details', { lastSeen: formatDateTime(s.lastSeenAt) ?? '', created: formatDateTime(s.createdAt) ?? '', network: s.ipPrefix ?? '–' })}
            />
          </ListItem>
        ))}
      </List>
      {others.length > 0 && (
        <Stack direction="row">
          <Button variant="outlined" color="error" onClick={() => end.mutate(null)} disabled={end.isPending}>
            {t('sessions.endOthers')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
