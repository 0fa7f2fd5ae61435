/** The staff's choice of whose calendar to show ('Min kalender' or a user), in the calendar's toolbar. */
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PickerUser } from '../types';

export interface CalendarUserPickerProps {
  users: PickerUser[];
  currentUserId: number;
  viewedUserId: number | null;
  isMobile: boolean;
  onViewUser: (userId: number | null) => void;
}

export function CalendarUserPicker({ users, currentUserId, viewedUserId, isMobile, onViewUser }: CalendarUserPickerProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('calendar.admin.pickerLabel')}
      value={viewedUserId ?? 'self'}
      onChange={(e) => onViewUser(e.target.value === 'self' ? null : Number(e.target.value))}
      sx={{ minWidth: isMobile ? 140 : 240 }}
    >
      <MenuItem value="self">{t('calendar.admin.myCalendar')}</MenuItem>
      {users
        .filter((u) => u.id !== currentUserId)
        .map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {isMobile ? u.name : `${u.name} (${u.username})`}
          </MenuItem>
        ))}
    </TextField>
  );
}
