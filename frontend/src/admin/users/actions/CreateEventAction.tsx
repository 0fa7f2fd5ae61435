/** 'Opprett hendelse for bruker': the create-event form of the user-calendar dialog, opened directly. */
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import { CreateEventDialog } from '../CreateEventDialog';
import type { User } from '../types';

export function CreateEventAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton compact={compact} label={translate('resources.users.actions.createEvent')} icon={<EditCalendarIcon />} onClick={() => setOpen(true)} />
      <ActionDialogScope>
        <CreateEventDialog user={user} open={open} onClose={() => setOpen(false)} />
      </ActionDialogScope>
    </>
  );
}
