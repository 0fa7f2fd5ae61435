/**
 * The staff's choice of whose calendar to show, in the calendar's toolbar: empty is 'Min kalender', and any user is
 * found by searching (shared/components/UserPicker.tsx); clearing the field goes back to the own calendar.
 */
import { useTranslation } from 'react-i18next';
import { UserPicker } from '../../../shared/components/UserPicker';

export interface CalendarUserPickerProps {
  currentUserId: number;
  viewedUserId: number | null;
  isMobile: boolean;
  onViewUser: (userId: number | null) => void;
}

export function CalendarUserPicker({ currentUserId, viewedUserId, isMobile, onViewUser }: CalendarUserPickerProps) {
  const { t } = useTranslation();
  return (
    <UserPicker
      size="small"
      label={t('calendar.admin.pickerLabel')}
      placeholder={t('calendar.admin.myCalendar')}
      value={viewedUserId}
      onChange={(user) => onViewUser(user && user.id !== currentUserId ? user.id : null)}
      optionLabel={isMobile ? (u) => u.name : undefined}
      sx={{ minWidth: isMobile ? 160 : 280 }}
    />
  );
}
