import { ApiSchema } from '@nestjs/swagger';

/** The colour an external booking is shown in when its source has none of its own (a feed's colour is its bookings'). */
export const EXTERNAL_BOOKING_COLOR = '#ec4899';

/**
 * A source that holds the same stay as the booking shown (an Airbnb iCal feed beside Beds24). Published under its
 * older name, as ExternalBookingResponse is (docs/api.md#names-that-stay).
 */
@ApiSchema({ name: 'FeedEventSourceRef' })
export class ExternalBookingSourceRef {
  type: string;
  feedName: string;
  feedId: number;
}

/** Where an external booking comes from: its source (kind, name, id), its UID there, and the other sources of the stay. */
@ApiSchema({ name: 'FeedEventSource' })
export class ExternalBookingSource {
  type: string;
  feedName: string;
  feedId: number;
  uid: string;
  kind: string;
  /** The other sources of the same stay, shown once (bookings/external-booking.types.ts SHADOWED_BY_CHANNEL). */
  alsoFrom: ExternalBookingSourceRef[];
}

/**
 * The external booking's answer: the calendar's event shape, with a string id naming its source ('ical-…',
 * 'beds24-…'), binding. `source.feedName` is the feed's name, or the source kind's for a source with no record of
 * its own. Built by the database alone (externalBookingsJsonSql). Published as `FeedEventResponse`, the name the API
 * had before external bookings had one (docs/api.md#names-that-stay).
 */
@ApiSchema({ name: 'FeedEventResponse' })
export class ExternalBookingResponse {
  /** @example ical-3-0123456789abcdef */
  id: string;
  userId: number;
  title: string;
  description: string | null;
  /** A date (YYYY-MM-DD) for all-day events, else an ISO date-time. */
  startTime: string | null;
  endTime: string | null;
  allDay: boolean;
  color: string;
  location: string | null;
  source: ExternalBookingSource;
  isBinding: boolean;
  status: string;
}
