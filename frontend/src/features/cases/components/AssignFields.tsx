/**
 * The two choices of an assignment, an admin and a department, as the case page's assign dialog and the back
 * office's bulk assign show them. The empty choice is named by the caller: 'none' on one case, 'unchanged' in bulk.
 */
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DEPARTMENTS } from '../casesApi';

/** The chosen admin's id and department as the selects hold them: '' for the empty choice. */
export interface Assignment {
  adminId: string;
  department: string;
}

export interface AssignFieldsProps {
  admins: ReadonlyArray<{ id: number; name: string }>;
  value: Assignment;
  onChange: (value: Assignment) => void;
  labels: { admin: string; department: string; empty: string };
}

export function AssignFields({ admins, value, onChange, labels }: AssignFieldsProps) {
  const { t } = useTranslation();
  const { adminId, department } = value;
  const onAdminId = (id: string) => onChange({ ...value, adminId: id });
  const onDepartment = (d: string) => onChange({ ...value, department: d });
  return (
    <>
      <TextField select label={labels.admin} value={adminId} onChange={(e) => onAdminId(e.target.value)}>
        <MenuItem value="">{labels.empty}</MenuItem>
        {admins.map((a) => (
          <MenuItem key={a.id} value={String(a.id)}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={labels.department} value={department} onChange={(e) => onDepartment(e.target.value)}>
        <MenuItem value="">{labels.empty}</MenuItem>
        {DEPARTMENTS.map((d) => (
          <MenuItem key={d} value={d}>
            {t(`cases.departments.${d}`)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
