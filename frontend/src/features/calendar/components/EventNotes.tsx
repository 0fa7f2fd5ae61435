/**
 * The property's note on an imported booking (docs/product/calendar.md#data-and-states), one per property and
 * booking: its owners and co-owners write it, everyone with access to the property reads it.
 */
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import { calendarKeys, deleteEventNote, fetchEventNote, saveEventNote } from '../calendarApi';
import { useCalendarProperty } from '../calendarProperty';
import { useToast } from '../../../shared/toast';

export function EventNotes({ externalId }: { externalId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  // The note of the property on screen; a viewer reads it and changes nothing.
  const property = useCalendarProperty();
  const key = calendarKeys.eventNotes.one(externalId, property.id);
  const note = useQuery({
    queryKey: key,
    queryFn: () => fetchEventNote(externalId, property.id),
    staleTime: 0,
  });
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const noteId = note.data?.id ?? null;
  const text = note.data?.notes ?? '';

  const run = async (action: () => Promise<unknown>, successKey: string, failureKey: string) => {
    setBusy(true);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: key });
      setDraft(null);
      toast({ title: t(successKey), severity: 'success' });
    } catch (error) {
      toast({ title: t(failureKey), description: errorText(error, t('common.error')), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    const notes = (draft ?? '').trim();
    if (!notes) return;
    const [done, failed] = noteId === null ? ['calendar.notes.saved', 'calendar.notes.saveFailed'] : ['calendar.notes.updated', 'calendar.notes.updateFailed'];
    void run(() => saveEventNote(externalId, noteId, notes, property.id), done, failed);
  };
  const remove = () => {
    if (noteId === null) return;
    void run(() => deleteEventNote(noteId, property.id), 'calendar.notes.deleted', 'calendar.notes.deleteFailed');
  };

  return (
    <Box sx={{ mt: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="subtitle2">{t('calendar.notes.title')}</Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('calendar.notes.privacy')}
      </Typography>
      {draft === null ? (
        <Stack spacing={1}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} color={text ? 'text.primary' : 'text.secondary'}>
            {note.isPending ? t('calendar.loading') : text || t('calendar.notes.none')}
          </Typography>
          {!property.readOnly && (
            <Stack direction="row" spacing={1}>
              <Button size="small" variant="outlined" onClick={() => setDraft(text)} disabled={note.isPending}>
                {text ? t('calendar.notes.edit') : t('calendar.notes.add')}
              </Button>
              {noteId !== null && (
                <Button size="small" color="error" onClick={remove} disabled={busy}>
                  {t('calendar.notes.delete')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      ) : (
        <Stack spacing={1}>
          <TextField
            multiline
            minRows={2}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            label={t('calendar.notes.label')}
            autoFocus
          />
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="contained" onClick={save} disabled={busy || !draft.trim()}>
              {t('calendar.notes.save')}
            </Button>
            <Button size="small" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
