/**
 * A part of the catalogue for a chunk that loads after its page has drawn (catalogueParts.ts), awaited at the chunk's
 * top: answers whether its texts are there. Without them (offline before they were ever kept) the chunk says nothing
 * rather than show raw keys; the failure is logged. Imported by those chunks only, so no first screen carries it.
 */
import { addCataloguePart } from '.';
import type { CataloguePart } from './catalogueParts';

export const laterPartLoaded = (part: CataloguePart): Promise<boolean> =>
  addCataloguePart(part).then(
    () => true,
    (error: unknown) => {
      console.error(`The ${part} texts failed to load`, error);
      return false;
    },
  );
