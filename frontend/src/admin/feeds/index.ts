/** The all-feeds resource of the back office ('all-ical' tab; DESIGN.md: one folder per resource). */
import RssFeedIcon from '@mui/icons-material/RssFeed';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./FeedList'), 'FeedList'),
  edit: lazyView(() => import('./FeedForm'), 'FeedEdit'),
  create: lazyView(() => import('./FeedForm'), 'FeedCreate'),
  icon: RssFeedIcon,
};
