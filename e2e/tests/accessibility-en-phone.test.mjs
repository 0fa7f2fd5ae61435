/** Axe on every route and role, in English on a phone (lib/accessibility.mjs). */
import { describeAccessibility } from '../lib/accessibility.mjs';
import { PHONE } from '../lib/browser.mjs';
import { inOslo } from '../lib/calendar.mjs';

describeAccessibility({ name: 'en-phone', lang: 'en', device: inOslo(PHONE) });
