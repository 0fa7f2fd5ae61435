/**
 * One payout explained (docs/product/payouts-and-prices.md#the-payout-explained): its lines with their receipts, and the
 * month's stays the rent came from, with the nights per channel. Opened from the page's table or a notification's link
 * (`?payout=`); full screen on a phone. A line's 'Spør om denne' opens a new case that names the payout and the line.
 * Loads in a chunk of its own with its texts (the catalogue's later part), after the page has drawn.
 */
import CloseIcon from '@mui/icons-material/Close';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import {
  Alert, Box, Button, Chip, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, Link, List, ListItem, ListItemText, Stack, Table,
  TableBody, TableCell, TableFooter, TableHead, TableRow, Typography,
} from '@mui/material';
import { parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { laterPartLoaded } from '../../../i18n/laterPart';
import type { PayoutQuestion } from '../../cases';
import { APP_PATHS } from '../../../shared/appLinks';
import { formatDate } from '../../../shared/dateFormats';
import { formatOre, localeOf, toOre } from '../../../shared/money';
import { visuallyHidden } from '../../../shared/visuallyHidden';
import { receiptUrl, usePayoutDetail } from '../payoutsApi';
import type { PayoutLine } from '../types';

const textsLoaded = await laterPartLoaded('later');

interface PayoutDetailDialogProps {
  payoutId: number;
  isMobile: boolean;
  onClose: () => void;
}

export function PayoutDetailDialog({ payoutId, isMobile, onClose }: PayoutDetailDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const { data: detail, isPending, isError } = usePayoutDetail(payoutId);
  const payout = detail?.payout;
  if (!textsLoaded) return null;

  const period = payout ? new Intl.DateTimeFormat(localeOf(lang), { month: 'long', year: 'numeric' }).format(new Date(payout.year, payout.month - 1, 15)) : '';
  const money = (amount: string) => `${formatOre(toOre(amount), lang)} ${payout?.currency ?? ''}`.trim();
  const ask = (line: PayoutLine) => {
    const question: PayoutQuestion = {
      payoutId,
      payoutLineId: line.id,
      title: t('payoutDetail.askTitle', { line: line.description || t(`payoutDetail.kind.${line.kind}`), period }).slice(0, 100),
    };
    navigate(APP_PATHS.cases, { state: { payoutQuestion: question } });
  };
  const channels = detail ? Object.entries(detail.nightsByChannel).sort(([, a], [, b]) => b - a) : [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={isMobile} aria-labelledby="payout-detail-title">
      <DialogTitle id="payout-detail-title" sx={{ pr: 6, textTransform: 'capitalize' }}>
        {payout ? t('payoutDetail.title', { period }) : t('payoutDetail.loading')}
        <IconButton aria-label={t('payoutDetail.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {isError ? (
          <Alert severity="error">{t('payoutDetail.loadFailed')}</Alert>
        ) : isPending || !detail || !payout ? (
          <CircularProgress aria-label={t('payoutDetail.loading')} />
        ) : (
          <Stack spacing={3}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }} data-payout-amount>{money(payout.amount)}</Typography>
              <Chip size="small" label={t(`payouts.status.${payout.status}`)} />
              {payout.paidDate && <Typography color="text.secondary">{t('payoutDetail.paidOn', { date: formatDate(parseISO(payout.paidDate)) })}</Typography>}
            </Stack>
            {payout.notes && <Typography>{payout.notes}</Typography>}

            <Box component="section" aria-labelledby="payout-lines-title">
              <Typography id="payout-lines-title" variant="h6" component="h2" gutterBottom>{t('payoutDetail.lines')}</Typography>
              {detail.lines.length === 0 ? (
                <Typography color="text.secondary">{t('payoutDetail.noLines')}</Typography>
              ) : isMobile ? (
                <List disablePadding data-payout-lines>
                  {detail.lines.map((line) => (
                    <ListItem key={line.id} divider disableGutters data-line={line.id} sx={{ display: 'block' }}>
                      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                        <ListItemText primary={line.description || t(`payoutDetail.kind.${line.kind}`)} secondary={[t(`payoutDetail.kind.${line.kind}`), line.bookingRef].filter(Boolean).join(' · ')} />
                        <Typography sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', pt: 0.75 }}>{money(line.amount)}</Typography>
                      </Stack>
                      <LineActions payoutId={payoutId} line={line} onAsk={ask} />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Table size="small" aria-labelledby="payout-lines-title" data-payout-lines>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('payoutDetail.columns.kind')}</TableCell>
                      <TableCell>{t('payoutDetail.columns.description')}</TableCell>
                      <TableCell>{t('payoutDetail.columns.booking')}</TableCell>
                      <TableCell align="right">{t('payoutDetail.columns.amount')}</TableCell>
                      <TableCell><Box component="span" sx={visuallyHidden}>{t('payoutDetail.columns.actions')}</Box></TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {detail.lines.map((line) => (
                      <TableRow key={line.id} data-line={line.id}>
                        <TableCell>{t(`payoutDetail.kind.${line.kind}`)}</TableCell>
                        <TableCell>{line.description}</TableCell>
                        <TableCell>{line.bookingRef}</TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{money(line.amount)}</TableCell>
                        <TableCell><LineActions payoutId={payoutId} line={line} onAsk={ask} /></TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                  <TableFooter>
                    <TableRow>
                      <TableCell colSpan={3}>{t('payoutDetail.total')}</TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{money(payout.amount)}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableFooter>
                </Table>
              )}
            </Box>

            <Box component="section" aria-labelledby="payout-stays-title">
              <Typography id="payout-stays-title" variant="h6" component="h2" gutterBottom>{t('payoutDetail.stays')}</Typography>
              <Typography color="text.secondary" gutterBottom>
                {t('payoutDetail.nightsSummary', { count: channels.reduce((sum, [, n]) => sum + n, 0), rentalDays: detail.rentalDays })}
              </Typography>
              {channels.length > 0 && (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }} data-nights-by-channel>
                  {channels.map(([channel, nights]) => <Chip key={channel} variant="outlined" label={t('payoutDetail.channelNights', { channel, count: nights })} />)}
                </Stack>
              )}
              {detail.stays.length === 0 ? (
                <Typography color="text.secondary">{t('payoutDetail.noStays')}</Typography>
              ) : (
                <Table size="small" aria-labelledby="payout-stays-title" data-payout-stays>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('payoutDetail.columns.booking')}</TableCell>
                      <TableCell>{t('payoutDetail.columns.channel')}</TableCell>
                      <TableCell>{t('payoutDetail.columns.dates')}</TableCell>
                      <TableCell align="right">{t('payoutDetail.columns.nights')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {detail.stays.map((stay) => (
                      <TableRow key={`${stay.ref}-${stay.start}`} data-stay={stay.ref}>
                        <TableCell sx={{ wordBreak: 'break-all' }}>{stay.ref}</TableCell>
                        <TableCell>{stay.channel}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{`${formatDate(parseISO(stay.start))} – ${formatDate(parseISO(stay.end))}`}</TableCell>
                        <TableCell align="right">{stay.nights}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Box>
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}

function LineActions({ payoutId, line, onAsk }: { payoutId: number; line: PayoutLine; onAsk: (line: PayoutLine) => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {line.receipt && (
        <Link href={receiptUrl(payoutId, line.id)} target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
          <ReceiptLongOutlinedIcon fontSize="small" />
          {t('payoutDetail.receipt')}
        </Link>
      )}
      <Button size="small" startIcon={<QuestionAnswerOutlinedIcon />} onClick={() => onAsk(line)} sx={{ whiteSpace: 'nowrap' }}>
        {t('payoutDetail.ask')}
      </Button>
    </Stack>
  );
}
