/**
 * An empty calendar says what to do next: connect a booking feed, block time, mark a day, or
 * subscribe from the phone; each is a direct action. It can be closed, and goes by itself once something is added.
 */
import CloseIcon from '@mui/icons-material/Close';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFeedManager } from '../../feeds';

interface FirstUsePanelProps {
  onBlockTime: () => void;
  onMarkDay: () => void;
  onDismiss: () => void;
}

function Step({ icon, text, action }: { icon: ReactNode; text: string; action: ReactNode }) {
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      {/* On a phone the buttons say enough; the explanations would push the calendar below the fold. */}
      <Typography sx={{ flex: '1 1 14rem', display: { xs: 'none', sm: 'block' } }}>{text}</Typography>
      {action}
    </Stack>
  );
}

export function FirstUsePanel({ onBlockTime, onMarkDay, onDismiss }: FirstUsePanelProps) {
  const { t } = useTranslation();
  const feeds = useFeedManager();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="first-use-title" sx={{ p: { xs: 2, sm: 3 }, position: 'relative' }}>
      <Tooltip title={t('calendar.firstUse.close')}>
        <IconButton aria-label={t('calendar.firstUse.close')} onClick={onDismiss} sx={{ position: 'absolute', top: 4, right: 4 }}>
          <CloseIcon />
        </IconButton>
      </Tooltip>
      <Typography id="first-use-title" variant="h6" component="h2" sx={{ pr: 5 }}>
        {t('calendar.firstUse.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('calendar.firstUse.intro')}
      </Typography>
      <Stack component="ol" spacing={2} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        <Step
          icon={<EventRepeatIcon />}
          text={t('calendar.firstUse.feedText')}
          action={<Button variant="contained" onClick={feeds.show}>{t('calendar.firstUse.feedAction')}</Button>}
        />
        <Step
          icon={<EventBusyIcon />}
          text={t('calendar.firstUse.blockText')}
          action={<Button variant="outlined" onClick={onBlockTime}>{t('calendar.firstUse.blockAction')}</Button>}
        />
        <Step
          icon={<StarBorderIcon />}
          text={t('calendar.firstUse.markText')}
          action={<Button variant="outlined" onClick={onMarkDay}>{t('calendar.firstUse.markAction')}</Button>}
        />
        <Step
          icon={<PhoneIphoneIcon />}
          text={t('calendar.firstUse.subscribeText')}
          action={
            <Button variant="outlined" component={RouterLink} to="/settings?tab=calendarLink">
              {t('calendar.firstUse.subscribeAction')}
            </Button>
          }
        />
      </Stack>
      {feeds.dialog}
    </Paper>
  );
}
