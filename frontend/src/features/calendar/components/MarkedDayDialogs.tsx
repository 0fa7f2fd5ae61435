/**
 * Marked days (docs/product/calendar.md#validation-and-limits): the create/edit form and the detail view with
 * edit and delete.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/components/DateField';
import { formatDate } from '../../../shared/dateFormats';
import { deleteMarkedDay, saveMarkedDay } from '../calendarApi';
import { useCalendarProperty } from '../calendarProperty';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { MarkerColorPicker } from './MarkerColorPicker';
import { useMarkedDayAction } from './useMarkedDayAction';
import { COLORS, MARKER_TYPES } from '../constants';
import { isValidDateKey, parseApiTime } from '../dates';
import type { MarkedDay } from '../../../api/types';
import type { MarkerType } from '../viewModel';

interface MarkDayFormProps {
  /** The day to mark, or the marked day to edit. */
  target: { date: string; existing?: MarkedDay } | null;
  onClose: () => void;
}

export function MarkDayDialog({ target, onClose }: MarkDayFormProps) {
  if (!target) return null;
  return <MarkDayForm key={target.existing?.id ?? target.date} target={target} onClose={onClose} />;
}

function MarkDayForm({ target, onClose }: { target: { date: string; existing?: MarkedDay }; onClose: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = useMarkedDayAction();
  const property = useCalendarProperty();
  const existing = target.existing;
  const [date, setDate] = useState(existing?.date.slice(0, 10) ?? target.date);
  const [markerType, setMarkerType] = useState<MarkerType>(existing?.markerType ?? 'busy');
  const [color, setColor] = useState(existing?.color ?? COLORS.marker);
  const [notes, setNotes] = useState(existing?.notes ?? '');
  const dateValid = isValidDateKey(date);

  const save = async () => {
    const body = { date, markerType, color, notes: notes.trim() || null };
    const ok = await run(() => saveMarkedDay(body, existing?.id, property.id), existing ? 'calendar.markedDay.updateFailed' : 'calendar.markedDay.createFailed');
    if (ok) onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t(existing ? 'calendar.markedDay.editHeading' : 'calendar.markedDay.heading')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DateField
            label={t('calendar.markedDay.date')}
            value={date}
            onChange={setDate}
            error={!dateValid}
            helperText={dateValid ? undefined : t('calendar.addEvent.chooseValidDate')}
          />
          <TextField select label={t('calendar.markedDay.type')} value={markerType} onChange={(e) => setMarkerType(e.target.value as MarkerType)}>
            {MARKER_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`calendar.markerType.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <MarkerColorPicker value={color} onChange={setColor} />
          <TextField label={t('calendar.markedDay.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} multiline minRows={2} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy || !dateValid}>
          {t('calendar.markedDay.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface MarkedDayDetailProps {
  markedDay: MarkedDay | null;
  /** Editing and deleting are for the owner; an admin viewing another calendar, and a viewer, only look. */
  readOnly: boolean;
  onEdit: (day: MarkedDay) => void;
  onClose: () => void;
}

export function MarkedDayDetailDialog({ markedDay, readOnly, onEdit, onClose }: MarkedDayDetailProps) {
  const { t } = useTranslation();
  const { busy, run } = useMarkedDayAction();
  const property = useCalendarProperty();
  const [confirm, setConfirm] = useState(false);
  if (!markedDay) return null;

  const remove = async () => {
    const ok = await run(() => deleteMarkedDay(markedDay.id, property.id), 'calendar.markedDay.deleteFailed');
    setConfirm(false);
    if (ok) onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: markedDay.color ?? COLORS.marker }} />
        {t(`calendar.markerType.${markedDay.markerType}`)}
      </DialogTitle>
      <DialogContent>
        <Typography>{formatDate(parseApiTime(markedDay.date.slice(0, 10)))}</Typography>
        <Typography variant="body2" color={markedDay.notes ? 'text.primary' : 'text.secondary'} sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          {markedDay.notes || t('calendar.markedDay.noNotes')}
        </Typography>
      </DialogContent>
      <DialogActions>
        {!readOnly && (
          <>
            <Button onClick={() => onEdit(markedDay)}>{t('calendar.detail.edit')}</Button>
            <Button color="error" onClick={() => setConfirm(true)}>
              {t('calendar.detail.delete')}
            </Button>
          </>
        )}
        <Button variant="contained" onClick={onClose}>
          {t('calendar.detail.close')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirm}
        title={t('calendar.markedDay.confirmDeleteTitle')}
        text={t('calendar.markedDay.confirmDeleteText')}
        confirmLabel={t('calendar.detail.delete')}
        busy={busy}
        onConfirm={remove}
        onCancel={() => setConfirm(false)}
      />
    </Dialog>
  );
}
