/**
 * /prices, 'Prisintervaller' (docs/product/payouts-and-prices.md#screens): members see the chosen property's intervals read-only (with the
 * choice where they have more than one property); an admin first picks an owner, then creates, edits and deletes the intervals of that
 * owner's first property.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Paper, Stack, Table,
  TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { formatDecimal } from '../../shared/money';
import { useCurrentUser } from '../../shared/sessionApi';
import { useToast } from '../../shared/toast';
import { UserPicker } from '../../shared/components/UserPicker';
import { PropertySwitcher, useChosenProperty } from '../properties';
import { PriceDialog } from './components/PriceDialog';
import { deletePrice, fetchPrices, pricesKeys, savePrice } from './pricesApi';
import { EMPTY_PRICE, toForm, toPayload } from './priceForm';
import type { Price, PriceForm } from './types';

export function PricesPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const isAdmin = !!user?.isAdmin;
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Price | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Price | null>(null);

  const chosen = useChosenProperty();
  const propertyId = isAdmin ? null : chosen.id;
  const key = pricesKeys.ofOwner(isAdmin ? ownerId : null, propertyId);
  const prices = useQuery<Price[]>({
    queryKey: key,
    queryFn: () => fetchPrices(isAdmin ? ownerId : null, propertyId),
    enabled: !!user && (!isAdmin || ownerId !== null),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: (form: PriceForm) =>
      savePrice(toPayload(form), editing && editing !== 'new' ? { id: editing.id } : { userId: ownerId }),
    onSuccess: () => { setEditing(null); void refresh(); toast({ title: t('prices.saved'), severity: 'success' }); },
    onError: (e) => toast({ title: t('common.error'), description: errorText(e, t('prices.saveFailed')), severity: 'error' }),
  });
  const remove = useMutation({
    mutationFn: (p: Price) => deletePrice(p.id),
    onSuccess: () => { setDeleting(null); void refresh(); toast({ title: t('prices.deleted'), severity: 'success' }); },
    onError: (e) => toast({ title: t('common.error'), description: errorText(e, t('prices.deleteFailed')), severity: 'error' }),
  });

  const kr = (value: string) => t('prices.kr', { value: formatDecimal(value, i18n.language) });
  const percent = (value: string) => `${formatDecimal(value, i18n.language).replace(/[.,]00$/, '')} %`;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1">{t(isAdmin ? 'prices.adminTitle' : 'prices.title')}</Typography>
        {!isAdmin && chosen.properties.length > 1 && chosen.shown && (
          <Suspense fallback={null}>
            <PropertySwitcher size="small" properties={chosen.properties} value={chosen.shown.id} onChange={chosen.choose} />
          </Suspense>
        )}
        {!isAdmin && <Chip label={t('prices.readOnly')} variant="outlined" />}
        {isAdmin && ownerId !== null && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>{t('prices.new')}</Button>}
      </Stack>
      {isAdmin && (
        <UserPicker label={t('prices.pickUserLabel')} value={ownerId} onChange={(u) => setOwnerId(u?.id ?? null)} sx={{ maxWidth: 480 }} />
      )}
      {isAdmin && ownerId === null ? <Alert severity="info">{t('prices.pickUser')}</Alert> : prices.isError ? <Alert severity="error">{t('prices.loadFailed')}</Alert> : prices.isPending ? <CircularProgress aria-label={t('prices.loading')} /> : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('prices.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('prices.columns.name')}</TableCell>
                <TableCell align="right">{t('prices.columns.priceFrom')}</TableCell>
                <TableCell align="right">{t('prices.columns.priceTo')}</TableCell>
                <TableCell align="right">{t('prices.columns.discount')}</TableCell>
                <TableCell>{t('prices.columns.status')}</TableCell>
                {isAdmin && <TableCell align="right">{t('prices.columns.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {prices.data.length === 0 && <TableRow><TableCell colSpan={isAdmin ? 6 : 5}>{t('prices.empty')}</TableCell></TableRow>}
              {prices.data.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>{p.name}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{kr(p.priceFrom)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{kr(p.priceTo)}</TableCell>
                  <TableCell align="right">{percent(p.discountPercent)}</TableCell>
                  <TableCell><Chip size="small" color={p.isActive ? 'success' : 'default'} label={t(p.isActive ? 'prices.active' : 'prices.inactive')} /></TableCell>
                  {isAdmin && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton aria-label={t('prices.edit')} onClick={() => setEditing(p)}><EditIcon /></IconButton>
                      <IconButton aria-label={t('prices.delete')} onClick={() => setDeleting(p)}><DeleteIcon /></IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {isAdmin && (
        <PriceDialog
          open={editing !== null}
          editing={editing !== null && editing !== 'new'}
          initial={editing && editing !== 'new' ? toForm(editing) : EMPTY_PRICE}
          busy={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(form) => save.mutate(form)}
        />
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        <DialogTitle>{t('prices.deleteTitle')}</DialogTitle>
        <DialogContent><DialogContentText>{t('prices.deleteConfirm', { name: deleting?.name ?? '' })}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>{t('prices.delete')}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
