/** What the list, the request's page and the property's page show of a stay request alike. */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../shared/dateFormats';
import type { StayRequest, StayRequestStatus } from './stayRequestsDataProvider';
import { TEXTS } from './texts';

export const STATUSES: readonly StayRequestStatus[] = ['pending', 'approved', 'declined', 'withdrawn'];

const STATUS_COLOR = { pending: 'warning', approved: 'success', declined: 'error', withdrawn: 'default' } as const;

export function StatusChip({ status }: { status: StayRequestStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} variant={status === 'pending' ? 'filled' : 'outlined'} label={translate(`${TEXTS}.status.${status}`)} />;
}

/** '10.06.2030 – 15.06.2030', the first day and the day it ends on, as the owner entered them. */
export const stayDates = (request: Pick<StayRequest, 'startTime' | 'endTime'>) =>
  `${formatDate(new Date(request.startTime))} – ${formatDate(new Date(request.endTime))}`;

/** The dates and the nights: '10.06.2030 – 15.06.2030 · 5 netter'. */
export function useStayText() {
  const translate = useTranslate();
  return (request: StayRequest) => `${stayDates(request)} · ${translate(`${TEXTS}.nights`, { count: request.nights })}`;
}
