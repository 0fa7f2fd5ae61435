/**
 * Settings → Household (docs/product/properties.md): the property's name and address, and who shares it, as what.
 * Owners and co-owners rename it. The owner invites by e-mail,
 * revokes a pending invitation, lets a viewer see the money or not, and removes a member; anyone else may leave.
 */
import { Button, List, ListItem, ListItemText, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useCurrentUser } from '../../../shared/sessionApi';
import { useMembers, useMyProperties, usePendingInvitations, type Member } from '../propertiesApi';
import { InviteForm } from './InviteForm';
import { PropertyDetailsForm } from './PropertyDetailsForm';
import { PropertySwitcher } from './PropertySwitcher';
import { useHouseholdAction } from './useHouseholdAction';

export function HouseholdTab() {
  const { t } = useTranslation();
  const mine = useMyProperties();
  const [chosen, setChosen] = useState<number>();
  if (!mine.data) return null;
  if (mine.data.length === 0) return <Typography>{t('properties.household.none')}</Typography>;
  const property = mine.data.find((p) => p.id === chosen) ?? mine.data[0];
  return (
    <Stack spacing={2}>
      <Typography>{t('properties.household.intro')}</Typography>
      {mine.data.length > 1 && (
        <PropertySwitcher properties={mine.data} value={property.id} onChange={setChosen} />
      )}
      {property.role !== 'viewer' && <PropertyDetailsForm key={`details-${property.id}`} property={property} />}
      <Household key={property.id} propertyId={property.id} isOwner={property.role === 'owner'} />
    </Stack>
  );
}

function Household({ propertyId, isOwner }: { propertyId: number; isOwner: boolean }) {
  const { t } = useTranslation();
  const { data: me } = useCurrentUser();
  const members = useMembers(propertyId);
  const pending = usePendingInvitations(propertyId, isOwner);
  const { changes, run } = useHouseholdAction(propertyId);
  const [removing, setRemoving] = useState<Member>();
  const remove = async () => {
    if (removing) await run(changes.remove, removing.userId, removing.userId === me?.id ? 'properties.household.left' : 'properties.household.removed');
    setRemoving(undefined);
  };
  const roleText = (m: Member) => [t(`properties.roles.${m.role}`), m.share ? `${m.share} %` : null, m.role === 'viewer' && m.canSeeMoney ? t('properties.household.seesMoney') : null].filter(Boolean).join(' · ');

  return (
    <>
      <List aria-label={t('properties.household.members')}>
        {(members.data ?? []).map((m) => {
          const mayRemove = m.role !== 'owner' && (isOwner || m.userId === me?.id);
          return (
            <ListItem
              key={m.userId}
              divider
              secondaryAction={
                mayRemove && (
                  <Button color="error" onClick={() => setRemoving(m)}>
                    {t(m.userId === me?.id ? 'properties.household.leave' : 'properties.household.remove')}
                  </Button>
                )
              }
            >
              <ListItemText primary={`${m.name} (${m.email})`} secondary={roleText(m)} />
              {isOwner && m.role === 'viewer' && (
                <Switch
                  checked={m.canSeeMoney}
                  onChange={(_e, canSeeMoney) => void run(changes.setSeesMoney, { userId: m.userId, canSeeMoney }, 'properties.household.saved')}
                  slotProps={{ input: { 'aria-label': t('properties.household.letSeeMoney', { name: m.name }) } }}
                />
              )}
            </ListItem>
          );
        })}
      </List>
      {isOwner && (
        <>
          <Typography variant="h6" component="h2">{t('properties.household.pending')}</Typography>
          {pending.data?.length === 0 && <Typography color="text.secondary">{t('properties.household.noPending')}</Typography>}
          <List aria-label={t('properties.household.pending')}>
            {(pending.data ?? []).map((i) => (
              <ListItem key={i.id} divider secondaryAction={<Button onClick={() => void run(changes.revoke, i.id, 'properties.household.revoked')}>{t('properties.household.revoke')}</Button>}>
                <ListItemText primary={i.email} secondary={t(`properties.roles.${i.role}`)} />
              </ListItem>
            ))}
          </List>
          <InviteForm propertyId={propertyId} />
        </>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        title={t(removing?.userId === me?.id ? 'properties.household.confirmLeaveTitle' : 'properties.household.confirmRemoveTitle')}
        text={t(removing?.userId === me?.id ? 'properties.household.confirmLeaveText' : 'properties.household.confirmRemoveText', { name: removing?.name ?? '' })}
        confirmLabel={t(removing?.userId === me?.id ? 'properties.household.leave' : 'properties.household.remove')}
        busy={changes.remove.isPending}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(undefined)}
      />
    </>
  );
}
