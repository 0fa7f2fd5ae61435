/**
 * The stay requests' texts live in the catalogue's later part (i18n/catalogueParts.ts), loaded with these pages
 * rather than with the back office's first screen, whose size is budgeted (docs/product/stays.md#screens).
 */
import { laterPartLoaded } from '../../i18n/laterPart';

await laterPartLoaded('later');

/** The prefix of the stay requests' texts. */
export const TEXTS = 'stays.requests';
