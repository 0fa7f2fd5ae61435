/**
 * The sequence every user action shares (block, unblock, change password, reset two-factor, delete;
 * docs/product/auth-and-users.md#screens): its dialog opens, the call runs, success is said and the user's cached
 * records are read afresh, the dialog closes; a failure is said with the server's reason. Where a staff member holds
 * work (a 409 `staff_has_work`, docs/roles.md#removing-a-person) the answer opens the hand-over dialog instead.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, useDataProvider, useNotify } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider';
import { resourceKey } from '../../resource';
import { useNotifyFailure } from '../../useNotifyFailure';
import type { User } from '../types';
import { usersKeys, type HeldWork, type WorkChoice } from '../usersDataProvider';

/** What an action's call is given; `choice` is the hand-over dialog's answer, where the action has one. */
export interface UserActionVariables {
  choice?: WorkChoice;
}

export interface UserActionOptions<Variables extends UserActionVariables> {
  call: (dataProvider: AdminDataProvider, variables: Variables) => Promise<unknown>;
  /** The notification on success, and its type (a delete says 'info'). */
  done: string;
  doneType?: 'success' | 'info';
  /** The notification on failure, with an optional title. */
  failed: string;
  failedTitle?: string;
  /** A form dialog stays open on failure, so what was typed can be corrected. */
  keepOpenOnFailure?: boolean;
  /** Run when the dialog closes (a form's reset). */
  onClose?: () => void;
  /** Run after success and the refresh (the delete returns to the list). */
  afterDone?: () => void;
}

export function useUserAction<Variables extends UserActionVariables = UserActionVariables>(user: User, options: UserActionOptions<Variables>) {
  const { call, done, doneType = 'success', failed, failedTitle, keepOpenOnFailure = false, onClose, afterDone } = options;
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refreshUser = useRefreshUser();
  const [isOpen, setOpen] = useState(false);
  const [held, setHeld] = useState<HeldWork | null>(null);
  const close = () => {
    setOpen(false);
    setHeld(null);
    onClose?.();
  };
  const mutation = useMutation({
    mutationFn: (variables: Variables) => call(dataProvider, variables),
    onSuccess: async () => {
      notify(done, { type: doneType });
      close();
      await refreshUser(user.id);
      afterDone?.();
    },
    onError: (error, variables) => {
      const work = heldWorkOf(error);
      if (work) {
        // What was typed stays: the hand-over dialog sends it again with the choice.
        setOpen(false);
        setHeld(work);
        return;
      }
      // A failed try with a choice is shown in the hand-over dialog itself.
      if (variables.choice) return;
      if (!keepOpenOnFailure) setOpen(false);
      notifyFailure(failed, error, failedTitle);
    },
  });
  return { isOpen, open: () => setOpen(true), close, held, mutation };
}

/**
 * After a change to one user: every cached users query (list and one), so badges and forms show the server's new
 * state, and that user's activity timeline, to which the change added a row (docs/security.md#the-audit-log), so the
 * panel on the same page shows it without a reload.
 */
function useRefreshUser() {
  const queryClient = useQueryClient();
  return (userId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKey('users') }),
      queryClient.invalidateQueries({ queryKey: usersKeys.userActivity(userId) }),
    ]);
}

/** The counts of a 409 `staff_has_work` (docs/roles.md#removing-a-person), or null for any other failure. */
function heldWorkOf(error: unknown): HeldWork | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.body as { code?: string; params?: Partial<HeldWork> } | undefined;
  if (body?.code !== 'staff_has_work') return null;
  return { appointments: Number(body.params?.appointments ?? 0), meetings: Number(body.params?.meetings ?? 0), cases: Number(body.params?.cases ?? 0) };
}
