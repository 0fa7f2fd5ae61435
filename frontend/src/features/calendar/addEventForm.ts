/** The add-event dialog's submission rules (docs/product/calendar.md#validation-and-limits), kept apart from the UI. */
import { FIXED_END_TIME, FIXED_START_TIME } from './constants';
import { STORED_EVENT_COLOR } from '../../shared/design';
import { isValidDateKey } from './dates';
import { osloWallClockToIso } from './osloWallClock';

export interface AddEventFormValues {
  title: string;
  fromDate: string;
  toDate: string;
  description: string;
}

export interface EventPayload {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  allDay: boolean;
  color: string;
  routes: string[];
}

export type AddEventRefusal = 'missingTitle' | 'invalidStart' | 'invalidEnd';

/**
 * A refusal names its reason and field (the back office's form maps them to its own texts) and the main app's
 * toast (i18n keys).
 */
export type AddEventCheck =
  | { ok: true; payload: EventPayload }
  | { ok: false; reason: AddEventRefusal; field: keyof AddEventFormValues; titleKey: string; descriptionKey: string };

export function checkAddEvent(values: AddEventFormValues): AddEventCheck {
  if (!values.title.trim()) {
    return { ok: false, reason: 'missingTitle', field: 'title', titleKey: 'calendar.addEvent.validationTitle', descriptionKey: 'calendar.addEvent.validationText' };
  }
  if (!isValidDateKey(values.fromDate)) {
    return { ok: false, reason: 'invalidStart', field: 'fromDate', titleKey: 'calendar.addEvent.invalidStart', descriptionKey: 'calendar.addEvent.chooseValidDate' };
  }
  // With no end date the event ends on its start date.
  const toDate = values.toDate || values.fromDate;
  if (!isValidDateKey(toDate) || toDate < values.fromDate) {
    return { ok: false, reason: 'invalidEnd', field: 'toDate', titleKey: 'calendar.addEvent.invalidEnd', descriptionKey: 'calendar.addEvent.chooseValidDate' };
  }
  return {
    ok: true,
    payload: {
      title: values.title.trim(),
      description: values.description.trim(),
      startTime: osloWallClockToIso(values.fromDate, FIXED_START_TIME),
      endTime: osloWallClockToIso(toDate, FIXED_END_TIME),
      allDay: false,
      color: STORED_EVENT_COLOR,
      routes: [],
    },
  };
}
