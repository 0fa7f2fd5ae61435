/** The Beds24 channel resource of the back office ('beds24' tab, admins only; DESIGN.md: one folder per resource). */
import HubIcon from '@mui/icons-material/Hub';
import { Beds24Create, Beds24Edit } from './Beds24Form';
import { Beds24List } from './Beds24List';

export default {
  list: Beds24List,
  edit: Beds24Edit,
  create: Beds24Create,
  icon: HubIcon,
};
