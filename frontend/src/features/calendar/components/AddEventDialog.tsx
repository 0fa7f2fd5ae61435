/**
 * 'Legg til ny hendelse' (docs/product/calendar.md#validation-and-limits): title, from/to date, the fixed 11:00–15:00,
 * description; admins pick whose calendar gets the event.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { Suspense } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrorText } from '../../../api/client';
import type { User } from '../../../api/types';
import { muiField } from '../../../shared/forms';
import { useToast } from '../../../shared/toast';
import { checkAddEvent, type AddEventFormValues, type EventPayload } from '../addEventForm';
import { createEvent, useInvalidateEvents } from '../calendarApi';
import { useCalendarProperty } from '../calendarProperty';
import { UserPicker } from '../../../shared/components/UserPicker';
import { lazyNamed } from '../../../shared/lazyNamed';
import { useChosenProperty } from '../../properties';
import { EventDaysFields } from './EventDaysFields';

const StayPreviewNote = lazyNamed(() => import('./StayPreviewNote'), 'StayPreviewNote');

interface AddEventDialogProps {
  open: boolean;
  /** 'YYYY-MM-DD' the dialog opens with. */
  date: string;
  currentUser: User;
  /** Whose calendar is on screen: the default owner of the new event (null = the current user). */
  viewedUserId: number | null;
  onClose: () => void;
}

/** The texts of a failed creation (docs/product/calendar.md#error-codes): the server's message, or what kind of failure it was. */
function createFailureText(error: unknown, t: (key: string) => string): string {
  // A stay the property's rules refuse names every rule it breaks (docs/product/stays.md), each in the reader's language.
  if (error instanceof ApiError && error.code === 'stay_rules_broken' && error.errors.length) return error.errors.map((e) => fieldErrorText(e)).join(' ');
  if (error instanceof ApiError) return error.serverMessage || t('calendar.addEvent.unknownServerError');
  if (error instanceof TypeError) return t('calendar.addEvent.networkError');
  return t('calendar.addEvent.createError');
}

export function AddEventDialog(props: AddEventDialogProps) {
  // Remounting per opening gives every opening fresh fields.
  return props.open ? <AddEventForm key={props.date} {...props} /> : null;
}

function AddEventForm({ date, currentUser, viewedUserId, onClose }: AddEventDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const invalidate = useInvalidateEvents();
  const property = useCalendarProperty();
  const canPickUser = currentUser.isAdmin;
  // The rules run on submit and answer with a toast (docs/product/calendar.md#validation-and-limits), so the form holds values only.
  const { register, control, handleSubmit, getValues, setValue } = useForm<AddEventFormValues & { userId: number }>({
    defaultValues: {
      title: t('calendar.addEvent.defaultTitle'),
      fromDate: date,
      toDate: date,
      description: '',
      userId: viewedUserId ?? currentUser.id,
    },
  });
  const userId = useWatch({ control, name: 'userId' });
  const forOtherUser = canPickUser && userId !== currentUser.id;
  // The stay as it would be sent, for the rules' verdict before it is (docs/product/stays.md#before-a-stay-is-sent).
  const [title, fromDate, toDate, description] = useWatch({ control, name: ['title', 'fromDate', 'toDate', 'description'] });
  const draft = checkAddEvent({ title: title || '-', fromDate, toDate, description });
  // Staff are not limited; an owner's shown property is the chosen one (the calendar's `property.id` is null for the first).
  const shownId = useChosenProperty().shown?.id;
  const previewed = !currentUser.isAdmin && !property.readOnly && shownId !== undefined && draft.ok ? { propertyId: shownId, stay: draft.payload } : null;

  const create = useMutation({
    mutationFn: (payload: EventPayload) => createEvent(payload, forOtherUser ? userId : undefined, property.id),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const check = checkAddEvent(values);
      if (!check.ok) {
        toast({ title: t(check.titleKey), description: t(check.descriptionKey), severity: 'error' });
        return;
      }
      let requested: boolean;
      try {
        requested = 'status' in (await create.mutateAsync(check.payload));
      } catch (error) {
        toast({ title: t('calendar.addEvent.createFailed'), description: createFailureText(error, t), severity: 'error' });
        return;
      }
      await invalidate(forOtherUser ? userId : null);
      if (requested) {
        // Held for staff's approval; its texts came with the dialog's preview (the `stays` part), else the plain ones.
        toast({
          title: t('stays.preview.requestedTitle', { defaultValue: t('calendar.addEvent.created') }),
          description: t('stays.preview.requestedText', { defaultValue: t('calendar.addEvent.saved') }),
          severity: 'info',
        });
      } else {
        toast({
          title: t('calendar.addEvent.created'),
          description: t(forOtherUser ? 'calendar.addEvent.savedForUser' : 'calendar.addEvent.saved'),
          severity: 'success',
        });
      }
      onClose();
    } catch {
      toast({ title: t('calendar.addEvent.submitError'), severity: 'error' });
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{t('calendar.addEvent.heading')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {canPickUser && (
              <Controller
                control={control}
                name="userId"
                render={({ field }) => (
                  // Cleared, the event goes to the admin's own calendar.
                  <UserPicker
                    label={t('calendar.addEvent.pickUser')}
                    value={field.value}
                    onChange={(user) => field.onChange(user?.id ?? currentUser.id)}
                    optionLabel={(u) => (u.id === currentUser.id ? `${u.name} ${t('calendar.addEvent.me')}` : `${u.name} (${u.username})`)}
                  />
                )}
              />
            )}
            <TextField
              label={t('calendar.addEvent.titleLabel')}
              placeholder={t('calendar.addEvent.titlePlaceholder')}
              {...muiField(register('title'))}
              autoFocus
              required
            />
            <EventDaysFields control={control} setValue={setValue} getValues={getValues} />
            {previewed && (
              <Suspense fallback={null}>
                <StayPreviewNote propertyId={previewed.propertyId} stay={previewed.stay} />
              </Suspense>
            )}
            <TextField
              label={t('calendar.addEvent.description')}
              {...muiField(register('description'))}
              multiline
              minRows={3}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? t('calendar.addEvent.saving') : t('calendar.addEvent.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
