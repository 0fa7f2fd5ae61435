import type { EventResponse } from './calendar.dto';

/** What a change to a calendar tells others, after the commit. */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** An admin put an event in `userId`'s calendar. */
    'calendar.event.created': { userId: number; actorId: number; eventId: number; title: string; startTime: string };
    /** An admin recoloured an event in `userId`'s calendar. */
    'calendar.event.recolored': { userId: number; actorId: number; eventId: number; title: string; startTime: string; color: string };
    /** An admin deleted an event from `userId`'s calendar. */
    'calendar.event.deleted': { userId: number; actorId: number; eventId: number; title: string; startTime: string };
    /**
     * A property's events changed (made, changed or removed, by a member or an admin), after the commit: double-booking
     * detection runs for it (docs/architecture.md "Double bookings").
     */
    'calendar.events.changed': { propertyId: number };
    /** An event of a property's calendar was made, changed or deleted (by a member or staff), with the API's answer for it (webhooks). */
    'calendar.event.saved': { propertyId: number; change: 'created' | 'updated' | 'deleted'; event: EventResponse };
  }
}

