/** Axe on every route and role, in Norwegian on a desktop (lib/accessibility.mjs). */
import { describeAccessibility } from '../lib/accessibility.mjs';
import { DESKTOP } from '../lib/browser.mjs';
import { inOslo } from '../lib/calendar.mjs';

describeAccessibility({ name: 'nb-desktop', lang: 'nb', device: inOslo(DESKTOP) });
