/** Role and blocked badges of a user row (docs/product/auth-and-users.md#screens). */
import { Chip, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { roleOf } from '../authProvider';
import type { User } from './types';

const ROLE_COLOR = { admin: 'primary', miniAdmin: 'secondary', user: 'default' } as const;

export function RoleBadge() {
  const record = useRecordContext<User>();
  const translate = useTranslate();
  if (!record) return null;
  const role = roleOf(record);
  return <Chip size="small" color={ROLE_COLOR[role]} label={translate(`resources.users.roles.${role}`)} />;
}

export function BlockedBadge() {
  const record = useRecordContext<User>();
  const translate = useTranslate();
  if (!record?.isBlocked) return null;
  const chip = <Chip size="small" color="error" label={translate('resources.users.status.blocked')} />;
  return record.blockReason ? <Tooltip title={record.blockReason}>{chip}</Tooltip> : chip;
}
