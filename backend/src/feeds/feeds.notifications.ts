import { domainNotifications, feedManagerAt, notificationKinds, type NotificationParams } from '../notifications/notification.types';

/**
 * A feed's failing spell and its end (docs/product/feeds.md): both open the feed manager, where feeds are managed, over
 * the calendar of the feed's property, where the feed's state shows.
 */
const feedManager = (p: NotificationParams) => feedManagerAt(p.propertyId);

const kinds = notificationKinds({
  feed_failing: {
    nb: { title: 'Kalenderen synkroniseres ikke', message: '«{source}» har ikke latt seg hente siden {since}.' },
    en: { title: 'Calendar not syncing', message: '“{source}” could not be fetched since {since}.' },
    target: feedManager,
    example: { params: { source: 'Airbnb', since: '01.01.2027 10:00', feedId: 3, propertyId: 4 }, link: '/?feeds=1&property=4' },
  },
  feed_recovered: {
    nb: { title: 'Kalenderen synkroniseres igjen', message: '«{source}» er hentet igjen.' },
    en: { title: 'Calendar syncing again', message: '“{source}” was fetched again.' },
    target: feedManager,
    example: { params: { source: 'Airbnb', feedId: 3, propertyId: 4 }, link: '/?feeds=1&property=4' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    feeds: typeof kinds;
  }
}

export const feedsNotifications = domainNotifications({
  kinds,
  reactions: {
    'feed.failing': async (e, n) => {
      for (const member of e.members) await n.send(member, 'feed_failing', { source: e.feedName, since: n.when(e.since), feedId: e.feedId, propertyId: e.propertyId });
    },
    'feed.recovered': async (e, n) => {
      for (const member of e.members) await n.send(member, 'feed_recovered', { source: e.feedName, feedId: e.feedId, propertyId: e.propertyId });
    },
  },
});
