/**
 * The calendar's own toolbar (docs/product/calendar.md#screens): title, previous/next, 'I dag', view switch, add button,
 * size toggle (desktop) and, for admins and mini admins, the user picker.
 */
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Box,
  Button,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarSize, CalendarViewKind } from '../viewModel';
import { lazyNamed } from '../../../shared/lazyNamed';
import { usePeriodTitle, type PeriodTitle } from '../hooks/periodTitle';

// Staff only: owners never download the select it is made of.
const CalendarUserPicker = lazyNamed(() => import('./CalendarUserPicker'), 'CalendarUserPicker');
// The year view only.
const YearWeekNumbersSwitch = lazyNamed(() => import('./YearWeekNumbersSwitch'), 'YearWeekNumbersSwitch');

const VIEWS: CalendarViewKind[] = ['month', 'week', 'day', 'year'];

interface CalendarToolbarProps {
  isMobile: boolean;
  /** The title of the dates on screen, drawn by its own line (hooks/periodTitle.ts). */
  periodTitle: PeriodTitle;
  view: CalendarViewKind;
  size: CalendarSize;
  showYearWeekNumbers: boolean;
  canAdd: boolean;
  /** Beside the title: the choice of property, when the person has more than one. */
  propertyChoice?: ReactNode;
  /** Whether the whose-calendar picker is shown (full admins). */
  canPickUser: boolean;
  currentUserId: number;
  viewedUserId: number | null;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (view: CalendarViewKind) => void;
  onSize: (size: CalendarSize) => void;
  onShowYearWeekNumbers: (show: boolean) => void;
  onAdd: () => void;
  onViewUser: (userId: number | null) => void;
}

export function CalendarToolbar(props: CalendarToolbarProps) {
  const { t } = useTranslation();
  const { isMobile, view, size } = props;
  const compact = size === 'compact' && !isMobile;
  const stepLabel = t(`calendar.step.${view}`);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant={isMobile ? 'h5' : 'h4'} component="h1" sx={{ flexGrow: 1 }}>
          {t('calendar.title')}
        </Typography>
        {props.propertyChoice}
        {props.canPickUser && (
          <Suspense fallback={null}>
            <CalendarUserPicker
              currentUserId={props.currentUserId}
              viewedUserId={props.viewedUserId}
              isMobile={isMobile}
              onViewUser={props.onViewUser}
            />
          </Suspense>
        )}
        {!isMobile && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={size}
            onChange={(_, next: CalendarSize | null) => next && props.onSize(next)}
            aria-label={t('calendar.size.label')}
          >
            <ToggleButton value="large">{t('calendar.size.large')}</ToggleButton>
            <ToggleButton value="compact">{t('calendar.size.compact')}</ToggleButton>
          </ToggleButtonGroup>
        )}
        {props.canAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={props.onAdd}>
            {isMobile ? t('calendar.addShort') : t('calendar.add')}
          </Button>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <IconButton onClick={props.onPrev} aria-label={t('calendar.previous', { unit: stepLabel })}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton onClick={props.onNext} aria-label={t('calendar.next', { unit: stepLabel })}>
          <ChevronRightIcon />
        </IconButton>
        <Button variant="outlined" size="small" onClick={props.onToday}>
          {t('calendar.today')}
        </Button>
        <Typography sx={{ fontWeight: 600, flexGrow: 1, textTransform: 'capitalize', minWidth: 120 }} aria-live="polite">
          <PeriodTitleText periodTitle={props.periodTitle} />
        </Typography>
        {view === 'year' && (
          <Suspense fallback={null}>
            <YearWeekNumbersSwitch checked={props.showYearWeekNumbers} onChange={props.onShowYearWeekNumbers} />
          </Suspense>
        )}
        <Box>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={compact ? 'month' : view}
            onChange={(_, next: CalendarViewKind | null) => next && props.onView(next)}
            aria-label={t('calendar.viewLabel')}
          >
            {VIEWS.map((v) => (
              <ToggleButton key={v} value={v} disabled={compact && v !== 'month'}>
                {t(`calendar.views.${v}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      </Stack>
    </Stack>
  );
}

/** The toolbar's title of the dates on screen, the one part of the page a move's new title redraws. */
function PeriodTitleText({ periodTitle }: { periodTitle: PeriodTitle }) {
  return usePeriodTitle(periodTitle);
}
