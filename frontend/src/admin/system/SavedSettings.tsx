import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { queryKeys } from '../../api/queryKeys';
import type { SystemSetting } from '../../api/types';
import type { AdminDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { useNotifyFailure } from '../useNotifyFailure';

/**
 * The system settings as the server has them, read afresh when a card opens: renders `children` with them once read,
 * or the card's 'could not load' text (`loadFailedKey`, given the server's message) when the read fails.
 */
export function SavedSettings({ loadFailedKey, children }: { loadFailedKey: string; children: (settings: readonly SystemSetting[]) => ReactNode }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const settings = useQuery({ queryKey: queryKeys.systemSettings, queryFn: () => dataProvider.systemSettings(), refetchOnMount: 'always' });
  if (settings.isError) return <Alert severity="error">{translate(loadFailedKey, { message: errorMessage(settings.error) })}</Alert>;
  if (!settings.data) return null;
  return children(settings.data);
}

/**
 * The frame every settings card shares: its title (`<texts>.title`, also the form's name), an optional description,
 * its fields, and a save button that writes `changes` (useSaveSettings); the button waits for a change and `canSave`.
 */
export function SettingsCard({ texts, description, changes, canSave = true, children }: {
  texts: string;
  description?: ReactNode;
  changes: ReadonlyArray<readonly [key: string, value: string]>;
  canSave?: boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const save = useSaveSettings(texts);
  const title = translate(`${texts}.title`);
  return (
    <Card>
      <CardContent>
        <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), save.mutate(changes))} aria-label={title}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {description && <Typography color="text.secondary">{description}</Typography>}
          {children}
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={!canSave || changes.length === 0 || save.isPending}>
              {translate(`${texts}.save`)}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Saves a card's changed settings, one key at a time and in order: a refused value stops the rest, and the card's
 * failure text (`<texts>.saveFailed`) gives the server's reason. `<texts>.saved` says it worked; the settings are read
 * afresh either way.
 */
export function useSaveSettings(texts: string) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  return useMutation({
    mutationFn: async (changes: ReadonlyArray<readonly [key: string, value: string]>) => {
      for (const [key, value] of changes) await dataProvider.setSystemSetting(key, value);
    },
    onSuccess: () => notify(translate(`${texts}.saved`), { type: 'success' }),
    onError: (error) => notifyFailure(`${texts}.saveFailed`, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.systemSettings }),
  });
}
