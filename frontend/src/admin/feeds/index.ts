/** The all-feeds resource of the back office ('all-ical' tab; one folder per resource, docs/development.md#adding-a-frontend-feature). */
import RssFeedIcon from '@mui/icons-material/RssFeed';
import { lazyNamed } from '../../shared/lazyNamed';

export default {
  list: lazyNamed(() => import('./FeedList'), 'FeedList'),
  edit: lazyNamed(() => import('./FeedForm'), 'FeedEdit'),
  create: lazyNamed(() => import('./FeedForm'), 'FeedCreate'),
  icon: RssFeedIcon,
};
