/**
 * The stay requests' texts live in the catalogue's 'stays' part (i18n/catalogueParts.ts), loaded with these pages
 * rather than with the back office's first screen, whose size is budgeted (docs/product/stays.md#screens).
 */
import { addCataloguePart } from '../../i18n';

await addCataloguePart('stays').catch((error: unknown) => console.error('The stays texts failed to load', error));

/** The prefix of the stay requests' texts. */
export const TEXTS = 'stays.requests';
