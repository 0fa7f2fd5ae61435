/** The back office's 'system' tab (admins only): maintenance mode. */
import SettingsIcon from '@mui/icons-material/Settings';
import { SystemPage } from './SystemPage';

export default {
  list: SystemPage,
  icon: SettingsIcon,
};
