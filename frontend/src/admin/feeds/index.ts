/** The all-feeds resource of the back office ('all-ical' tab; one folder per resource, docs/development.md#adding-a-frontend-feature). */
import RssFeedIcon from '@mui/icons-material/RssFeed';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';
import { FEEDS_RESOURCE } from './feedsDataProvider';

export default {
  name: FEEDS_RESOURCE,
  list: lazyNamed(() => import('./FeedList'), 'FeedList'),
  edit: lazyNamed(() => import('./FeedForm'), 'FeedEdit'),
  create: lazyNamed(() => import('./FeedForm'), 'FeedCreate'),
  icon: RssFeedIcon,
  recordRepresentation: 'name',
  menu: { admin: 40, miniAdmin: 40 },
} satisfies AdminResource;
