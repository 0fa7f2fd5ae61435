/**
 * One stay request (the admins' notification `staff_stay_request` opens it): what was asked, and for a full admin
 * while it waits, 'Godkjenn' and 'Avslå', each with an optional note to the owners; once decided, who decided it,
 * when, and the note. Mini admins read it.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Labeled, Show, SimpleShowLayout, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { appPath } from '../../shared/appLinks';
import { ReadOnlyChip, useIsFullAdmin } from '../access';
import { formatDateTime } from '../formatDate';
import { DecideDialog } from './DecideDialog';
import { StatusChip, useStayText } from './parts';
import type { StayDecision, StayRequest } from './stayRequestsDataProvider';
import { TEXTS } from './texts';

function DecideActions() {
  const request = useRecordContext<StayRequest>();
  const isAdmin = useIsFullAdmin();
  const translate = useTranslate();
  const [decision, setDecision] = useState<StayDecision | null>(null);
  if (!request) return <TopToolbar />;
  if (!isAdmin) {
    return (
      <TopToolbar sx={{ alignItems: 'center' }}>
        <ReadOnlyChip />
      </TopToolbar>
    );
  }
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1 }}>
      {request.status === 'pending' && (
        <>
          <Button variant="contained" startIcon={<CheckIcon />} onClick={() => setDecision('approve')}>
            {translate(`${TEXTS}.approve`)}
          </Button>
          <Button variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setDecision('decline')}>
            {translate(`${TEXTS}.decline`)}
          </Button>
        </>
      )}
      {decision && <DecideDialog request={request} decision={decision} onClose={() => setDecision(null)} />}
    </TopToolbar>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Labeled label={`${TEXTS}.fields.${label}`} fullWidth>
      <Box component="span">{children}</Box>
    </Labeled>
  );
}

function Facts() {
  const request = useRecordContext<StayRequest>();
  const translate = useTranslate();
  const stayText = useStayText();
  const isAdmin = useIsFullAdmin();
  if (!request) return null;
  const firstDay = request.startTime.slice(0, 10);
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {request.title}
      </Typography>
      <Fact label="status">
        <StatusChip status={request.status} />
      </Fact>
      <Fact label="property">
        <MuiLink component={Link} to={`/admin/properties/${request.propertyId}/show`}>
          {request.propertyName}
        </MuiLink>
      </Fact>
      <Fact label="requestedBy">
        {request.requestedById ? (
          <MuiLink component={Link} to={`/admin/users/${request.requestedById}/show`}>
            {request.requestedByName}
          </MuiLink>
        ) : (
          (request.requestedByName ?? translate(`${TEXTS}.unknownPerson`))
        )}
      </Fact>
      <Fact label="dates">{stayText(request)}</Fact>
      <Fact label="createdAt">{formatDateTime(request.createdAt)}</Fact>
      {/* A full admin opens the owner's calendar at the stay, to see what lies around it before deciding. */}
      {isAdmin && request.eventId !== null && request.requestedById !== null && (
        <MuiLink href={appPath({ screen: 'calendar', date: firstDay, userId: request.requestedById })}>{translate(`${TEXTS}.openCalendar`)}</MuiLink>
      )}
    </Stack>
  );
}

/** Who decided, when, and the note; a withdrawn request was taken back by its owner. */
function Decision() {
  const request = useRecordContext<StayRequest>();
  const translate = useTranslate();
  if (!request || request.status === 'pending') return null;
  const headingId = `stay-request-${request.id}-decision`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate(`${TEXTS}.decision`)}
      </Typography>
      {request.status === 'withdrawn' ? (
        <Typography variant="body2">{translate(`${TEXTS}.withdrawnText`)}</Typography>
      ) : (
        <Stack spacing={1}>
          {request.decidedById !== null && (
            <Fact label="decidedBy">
              <MuiLink component={Link} to={`/admin/users/${request.decidedById}/show`}>
                {request.decidedByName ?? translate(`${TEXTS}.unknownPerson`)}
              </MuiLink>
            </Fact>
          )}
          <Fact label="decidedAt">{formatDateTime(request.decidedAt) ?? '–'}</Fact>
          <Fact label="note">
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {request.note ?? translate(`${TEXTS}.noNote`)}
            </Typography>
          </Fact>
        </Stack>
      )}
    </Box>
  );
}

export function StayRequestShow() {
  return (
    <Show actions={<DecideActions />}>
      <SimpleShowLayout>
        <Facts />
        <Decision />
      </SimpleShowLayout>
    </Show>
  );
}
