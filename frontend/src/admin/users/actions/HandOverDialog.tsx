/**
 * The hand-over choice (docs/roles.md#removing-a-person): deleting or blocking a staff member who holds upcoming
 * appointments, meetings or open cases is refused with 409 `staff_has_work`; this dialog then says what they hold
 * and asks the admin to pick a successor (an administrator when there are cases) or to cancel it all and tell the
 * owners, and sends the action again with that choice. Loaded when first needed: the users list is the back
 * office's first screen, and the picker would weigh on it.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, List, ListItem, Radio, RadioGroup } from '@mui/material';
import { useId, useState } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import { codedText } from '../../../api/client';
import { UserPicker } from '../../../shared/components/UserPicker';
import { errorMessage } from '../../httpClient';
import type { User } from '../types';
import type { HeldWork, WorkChoice } from '../usersDataProvider';

const TEXTS = 'resources.users.handOver';

export interface HandOverDialogProps {
  user: User;
  /** What the person holds, from the refusal; the dialog is open while set. */
  held: HeldWork | null;
  /** 'delete' or 'block': which action the choice completes. */
  action: 'delete' | 'block';
  pending: boolean;
  /** The failure of the last try with a choice (a busy or unfit successor), shown in the dialog. */
  error: unknown;
  onClose: () => void;
  onConfirm: (choice: WorkChoice) => void;
}

export default function HandOverDialog({ user, held, action, pending, error, onClose, onConfirm }: HandOverDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [mode, setMode] = useState<'handOver' | 'cancel'>('handOver');
  const [successor, setSuccessor] = useState<number | null>(null);
  if (!held) return null;
  const close = () => {
    setSuccessor(null);
    setMode('handOver');
    onClose();
  };
  const kinds = (['appointments', 'meetings', 'cases'] as const).filter((kind) => held[kind] > 0);
  const ready = mode === 'cancel' || successor !== null;
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(`${TEXTS}.title`, { name: user.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(`${TEXTS}.intro`, { name: user.name })}</DialogContentText>
        <List dense aria-label={translate(`${TEXTS}.heldLabel`)}>
          {kinds.map((kind) => (
            <ListItem key={kind}>{translate(`${TEXTS}.held.${kind}`, { smart_count: held[kind] })}</ListItem>
          ))}
        </List>
        <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as 'handOver' | 'cancel')} aria-label={translate(`${TEXTS}.choiceLabel`)}>
          <FormControlLabel value="handOver" control={<Radio />} label={translate(`${TEXTS}.handOver`)} />
          {mode === 'handOver' && (
            <UserPicker
              label={translate(held.cases > 0 ? `${TEXTS}.successorAdmin` : `${TEXTS}.successor`)}
              value={successor}
              filter={held.cases > 0 ? { isAdmin: true } : { isStaff: true }}
              onChange={(picked) => setSuccessor(picked && picked.id !== user.id ? picked.id : null)}
              sx={{ ml: 4, mb: 1, maxWidth: 'calc(100% - 32px)' }}
            />
          )}
          <FormControlLabel value="cancel" control={<Radio />} label={translate(`${TEXTS}.cancel`)} />
        </RadioGroup>
        {error ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failureText(error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('resources.users.actions.cancel')}</Button>
        <Button
          variant="contained"
          color={action === 'delete' ? 'error' : 'warning'}
          disabled={!ready || pending}
          onClick={() => onConfirm(mode === 'cancel' ? { cancelWork: true } : { handOverTo: successor! })}
        >
          {translate(`${TEXTS}.confirm.${action}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A failed try with a choice in the admin's language: the catalogue's `errors.<code>`, else the server's message. */
function failureText(error: unknown): string {
  const body = error instanceof HttpError ? (error.body as { code?: string; params?: Record<string, string | number>; message?: string } | undefined) : undefined;
  return codedText({ code: body?.code, params: body?.params, message: body?.message }, errorMessage(error));
}
