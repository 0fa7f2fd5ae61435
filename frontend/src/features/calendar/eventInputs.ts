/** Turns API events into FullCalendar's event inputs: de-duplicated, coloured, with an end for every timed event. */
import type { EventInput } from '@fullcalendar/react';
import { parseApiTime, toDateKey } from './dates';
import { dedupeByDay, eventColor, timedEnd } from './displayRules';
import type { AnyEvent } from './viewModel';
import { readableTextColor } from '../../shared/design';

/**
 * `serviceEventColor`: the design's event colour, for events without one of their own (displayRules.eventColor);
 * `pastLimit`: the bookings with nights past the year's rental day limit (docs/product/stays.md#warnings), drawn as such.
 */
export function toEventInputs(events: AnyEvent[], serviceEventColor: string | null = null, pastLimit?: ReadonlySet<string | number>): EventInput[] {
  return dedupeByDay(events).map((event) => {
    const start = parseApiTime(event.startTime);
    const end = event.endTime ? parseApiTime(event.endTime) : null;
    const color = eventColor(event, serviceEventColor);
    const base: EventInput = {
      id: String(event.id),
      title: event.title,
      color,
      // White, or black on a light colour an admin picked (docs/development.md#colour-contrast).
      contrastColor: readableTextColor(color),
      extendedProps: { source: event },
      // An owner's stay waiting for staff's approval is drawn as not settled yet (docs/product/stays.md#stays-as-requests).
      className: 'awaitingApproval' in event && event.awaitingApproval ? 'cal-event-waiting' : pastLimit?.has(event.id) ? 'cal-event-past-limit' : undefined,
    };
    if (event.allDay) {
      // All-day items are dates, end exclusive; a one-day item may come without an end.
      const startKey = toDateKey(start);
      const endKey = end ? toDateKey(end) : null;
      return { ...base, allDay: true, start: startKey, end: endKey && endKey > startKey ? endKey : undefined };
    }
    return { ...base, allDay: false, start, end: timedEnd(start, end) };
  });
}
