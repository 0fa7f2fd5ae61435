/** The all-feeds resource of the back office ('all-ical' tab; DESIGN.md: one folder per resource). */
import RssFeedIcon from '@mui/icons-material/RssFeed';
import { FeedList } from './FeedList';
import { FeedCreate, FeedEdit } from './FeedForm';

export default {
  list: FeedList,
  edit: FeedEdit,
  create: FeedCreate,
  icon: RssFeedIcon,
};
