/** An agreement's status as a coloured chip: Planlagt, Fullført, Kansellert (docs/product/agreements.md#data-and-states). */
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Agreement } from '../../../api/types';

const COLORS = { scheduled: 'primary', completed: 'success', cancelled: 'default' } as const;

export function StatusBadge({ status }: { status: Agreement['status'] }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} label={t(`agreements.status.${status}`)} data-testid="agreement-status" />;
}
