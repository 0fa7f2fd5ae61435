/** 'Opprett hendelse for bruker': the create-event form of the user-calendar dialog, opened directly. */
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import { Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import type { User } from '../types';
import { lazyNamed } from '../../../shared/lazyNamed';

// The form (its date fields and the calendar's date rules) loads when first opened, not with the users list.
const CreateEventDialog = lazyNamed(() => import('../CreateEventDialog'), 'CreateEventDialog');

export function CreateEventAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton compact={compact} label={translate('resources.users.actions.createEvent')} icon={<EditCalendarIcon />} onClick={() => setOpen(true)} />
      {open && (
        <ActionDialogScope>
          <Suspense fallback={null}>
            <CreateEventDialog user={user} open onClose={() => setOpen(false)} />
          </Suspense>
        </ActionDialogScope>
      )}
    </>
  );
}
