/** Feeds' public face: the feed list, the owner's own calendar link, and the feed manager's buttons and hook. */
export { EXPORT_ICAL_URL, useCalendarLink, useRenewCalendarLink, webcalUrl } from './calendarLinkApi';
export { FeedManagerIconButton, FeedManagerNavItem, useFeedManager } from './components/FeedManagerButton';
export { useFeeds } from './feedsApi';
