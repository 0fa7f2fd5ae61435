/**
 * Assigning cases to an admin and/or a department: the case page's dialog for one case and the back office's bulk
 * assign for the selected ones. The empty choice is named by the caller ('none' on one case, 'unchanged' in bulk).
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPARTMENTS } from '../casesApi';

/** The chosen admin's id and department as the selects hold them: '' for the empty choice. */
export interface Assignment {
  adminId: string;
  department: string;
}

export interface AssignDialogProps {
  open: boolean;
  title: string;
  admins: ReadonlyArray<{ id: number; name: string }>;
  initial: Assignment;
  labels: { admin: string; department: string; empty: string; save: string };
  busy: boolean;
  /** Bulk assign changes nothing without a choice; one case may be left unassigned. */
  requireChoice?: boolean;
  onSave: (assignment: Assignment) => void;
  onClose: () => void;
}

export function AssignDialog({ open, title, admins, initial, labels, busy, requireChoice = false, onSave, onClose }: AssignDialogProps) {
  const { t } = useTranslation();
  const [assignment, setAssignment] = useState<Assignment>(initial);
  const { adminId, department } = assignment;
  const chosen = adminId !== '' || department !== '';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={labels.admin} value={adminId} onChange={(e) => setAssignment({ ...assignment, adminId: e.target.value })}>
            <MenuItem value="">{labels.empty}</MenuItem>
            {admins.map((a) => (
              <MenuItem key={a.id} value={String(a.id)}>
                {a.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={labels.department} value={department} onChange={(e) => setAssignment({ ...assignment, department: e.target.value })}>
            <MenuItem value="">{labels.empty}</MenuItem>
            {DEPARTMENTS.map((d) => (
              <MenuItem key={d} value={d}>
                {t(`cases.departments.${d}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cases.cancel')}</Button>
        <Button variant="contained" onClick={() => onSave(assignment)} disabled={busy || (requireChoice && !chosen)}>
          {labels.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
