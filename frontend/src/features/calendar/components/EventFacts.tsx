/**
 * What the detail dialog tells about an event when it is not being edited (docs/product/calendar.md#screens): when,
 * the description, the place, the routes, a stay's wait for approval, the binding-booking notice with its feeds, and the personal notes on an
 * imported booking in the own calendar.
 */
import { Alert, Box, List, ListItem, Stack, Typography } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../shared/lazyNamed';
import type { AnyEvent } from '../viewModel';
import { EventDescription } from './EventDescription';
import { EventNotes } from './EventNotes';

const AwaitingApprovalNote = lazyNamed(() => import('./AwaitingApprovalNote'), 'AwaitingApprovalNote');

interface EventFactsProps {
  event: AnyEvent;
  when: { date: string; time: string | null };
  /** The description with its links replaced (displayRules.replaceLinks). */
  description: string;
  /** Notes are the viewer's own, on an imported booking of their own calendar. */
  showNotes: boolean;
}

export function EventFacts({ event, when, description, showNotes }: EventFactsProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      <Typography>
        {when.date} · {when.time ?? t('calendar.detail.allDay')}
      </Typography>
      {description && <EventDescription description={description} />}
      {event.location && <Typography variant="body2">{event.location}</Typography>}
      {!!event.routes?.length && (
        <Box>
          <Typography variant="subtitle2">{t('calendar.detail.routes')}</Typography>
          <List dense disablePadding>
            {event.routes.map((route) => (
              <ListItem key={route} disableGutters>
                {route}
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {'awaitingApproval' in event && event.awaitingApproval && (
        <Suspense fallback={null}>
          <AwaitingApprovalNote />
        </Suspense>
      )}
      {event.isBinding && (
        <Alert severity="warning">
          {t('calendar.detail.bindingNotice')}
          {event.source?.feedName && (
            <>
              <br />
              {t('calendar.detail.feedName', { name: [event.source.feedName, ...(event.source.alsoFrom ?? []).map((s) => s.feedName)].join(' + ') })}
            </>
          )}
        </Alert>
      )}
      {showNotes && <EventNotes externalId={String(event.id)} />}
    </Stack>
  );
}
