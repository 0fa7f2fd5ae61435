/**
 * The add-feed form (docs/product/feeds.md#validation-and-limits): the five colour choices, the
 * defaults and the client-side checks, which mirror the server's (name required; URL required and a valid
 * http(s) address; webcal:// links are accepted because the server stores them as https://).
 */
import { keyResolver } from '../../shared/forms';
import type { NewFeed } from './types';

export const FEED_COLOR_CHOICES = [
  { key: 'blue', hex: '#0ea5e9' },
  { key: 'purple', hex: '#8b5cf6' },
  { key: 'orange', hex: '#f97316' },
  { key: 'green', hex: '#16a34a' },
  { key: 'red', hex: '#ef4444' },
] as const;

export const DEFAULT_FEED_COLOR = '#8b5cf6';

export const EMPTY_FEED: NewFeed = { name: '', url: '', color: DEFAULT_FEED_COLOR, enabled: true };

/** i18n keys of the problems, per field. */
export type FeedErrors = Partial<Record<'name' | 'url', string>>;

export function isValidFeedUrl(value: string): boolean {
  const url = value.trim().replace(/^webcals?:\/\//i, 'https://');
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

export function validateFeed(form: Pick<NewFeed, 'name' | 'url'>): FeedErrors {
  const errors: FeedErrors = {};
  if (!form.name.trim()) errors.name = 'feeds.validation.nameRequired';
  if (!form.url.trim()) errors.url = 'feeds.validation.urlRequired';
  else if (!isValidFeedUrl(form.url)) errors.url = 'feeds.validation.urlInvalid';
  return errors;
}

/** The add-feed form's resolver (react-hook-form). */
export const feedResolver = keyResolver<NewFeed>(validateFeed);

/** The address shortened for the list: host and the start of the path. */
export function shortUrl(url: string, max = 48): string {
  const bare = url.replace(/^[a-z]+:\/\//i, '');
  return bare.length > max ? `${bare.slice(0, max - 1)}…` : bare;
}
