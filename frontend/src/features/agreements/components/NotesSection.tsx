/**
 * An agreement's notes, oldest first, and the add-note form. Private notes (staff only; the server never sends
 * them to an owner) carry the orange style and 'Privat'; notes by staff carry 'Admin' (docs/product/agreements.md#who-may-do-what).
 */
import { Alert, Box, Button, Checkbox, Chip, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import { formatDateTime } from '../../../shared/dateFormats';
import { useToast } from '../../../shared/toast';
import { useAddAgreementNote, useAgreementNotes } from '../agreementsApi';

interface NoteForm {
  content: string;
  isPrivate: boolean;
}

export function NotesSection({ agreementId, canWrite, canWritePrivate }: { agreementId: number; canWrite: boolean; canWritePrivate: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const notes = useAgreementNotes(agreementId);
  const add = useAddAgreementNote(agreementId);
  const { control, register, handleSubmit, reset, formState } = useForm<NoteForm>({ defaultValues: { content: '', isPrivate: false } });

  const submit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ content: values.content, ...(canWritePrivate ? { isPrivate: values.isPrivate } : {}) });
      toast({ title: t('agreements.notes.added'), severity: 'success' });
      reset();
    } catch (error) {
      toast({ title: t('agreements.failed'), description: errorText(error, t('agreements.notes.failed')), severity: 'error' });
    }
  });

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="agreement-notes-title">
      <Typography variant="h6" component="h2" id="agreement-notes-title">
        {t('agreements.notes.title')}
      </Typography>
      {notes.isError && <Alert severity="error">{errorText(notes.error, t('common.error'))}</Alert>}
      {notes.data?.length === 0 && <Typography color="text.secondary">{t('agreements.notes.empty')}</Typography>}
      {notes.data?.map((note) => (
        <Paper
          key={note.id}
          variant="outlined"
          data-testid="agreement-note"
          sx={note.isPrivate ? { p: 1.5, borderColor: 'warning.main', bgcolor: 'rgba(237, 108, 2, 0.08)' } : { p: 1.5 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
            <Typography variant="subtitle2" component="span">
              {note.authorName ?? '—'}
            </Typography>
            {note.authorIsAdmin && <Chip size="small" label={t('agreements.notes.admin')} />}
            {note.isPrivate && <Chip size="small" color="warning" label={t('agreements.notes.private')} />}
            <Typography variant="caption" color="text.secondary" component="span">
              {formatDateTime(note.createdAt)}
            </Typography>
          </Stack>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{note.content}</Typography>
        </Paper>
      ))}
      {canWrite && (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={1}>
            <TextField
              label={t('agreements.notes.content')}
              multiline
              minRows={2}
              {...register('content', { validate: (v) => v.trim().length > 0 || t('agreements.notes.required') })}
              error={!!formState.errors.content}
              helperText={formState.errors.content?.message}
            />
            {canWritePrivate && (
              <Controller
                name="isPrivate"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
                    label={t('agreements.notes.isPrivate')}
                  />
                )}
              />
            )}
            <Box>
              <Button type="submit" variant="contained" disabled={add.isPending}>
                {t('agreements.notes.add')}
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
