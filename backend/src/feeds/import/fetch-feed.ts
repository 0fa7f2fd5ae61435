/**
 * Downloads one iCal feed (docs/interop.md#what-the-importer-must-get-right) through the app's outbound HttpClient, which holds the limits of
 * the outbound limits (redirects, deadline, size cap, address rule). What is iCal's own lives here: webcal://
 * addresses, the conditional GET with the last ETag / Last-Modified, and the content hash that tells an unchanged
 * body from a changed one.
 *
 * Error texts never contain the URL: feed URLs carry secret tokens.
 */
import { createHash } from 'node:crypto';
import { HttpClient, HttpError } from '../../common/adapters/http-client';

export interface FetchFeedOptions {
  etag?: string;
  lastModified?: string;
  /** Deadline for the whole fetch, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /** ALLOW_PRIVATE_FEED_HOSTS=true, for tests against local servers only. */
  allowPrivateHosts: boolean;
  userAgent: string;
}

export type FetchFeedResult =
  | { status: 'not-modified' }
  | { status: 'ok'; body: Buffer; etag?: string; lastModified?: string; contentType?: string; contentHash: string }
  | { status: 'error'; error: string; httpStatus?: number };

/** webcal:// and webcals:// are https feeds; HttpClient checks the rest (a valid http or https URL). */
const feedUrl = (raw: string): string => raw.trim().replace(/^webcals?:\/\//i, 'https://');

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function fetchFeed(http: HttpClient, rawUrl: string, options: FetchFeedOptions): Promise<FetchFeedResult> {
  try {
    const headers: Record<string, string> = {
      'User-Agent': options.userAgent,
      Accept: 'text/calendar, text/plain;q=0.9, */*;q=0.8',
    };
    if (options.etag) headers['If-None-Match'] = options.etag;
    if (options.lastModified) headers['If-Modified-Since'] = options.lastModified;
    const answer = await http.get(feedUrl(rawUrl), {
      headers,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      maxRedirects: options.maxRedirects,
      allowPrivateHosts: options.allowPrivateHosts,
    });
    if (answer.status === 304) return { status: 'not-modified' };
    const etag = header(answer.headers, 'etag');
    const lastModified = header(answer.headers, 'last-modified');
    const contentType = header(answer.headers, 'content-type');
    return {
      status: 'ok',
      body: answer.body,
      ...(etag ? { etag } : {}),
      ...(lastModified ? { lastModified } : {}),
      ...(contentType ? { contentType } : {}),
      contentHash: createHash('sha256').update(answer.body).digest('hex'),
    };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const error = err.kind === 'too-large' ? `feed too large (over ${options.maxBytes} bytes)` : err.message;
    return { status: 'error', error, ...(err.httpStatus ? { httpStatus: err.httpStatus } : {}) };
  }
}
