import { isNotModified } from './conditional-get';

const ETAG = '"abc123"';
const LAST_MODIFIED = new Date('2027-01-05T10:00:00Z');
const validators = { etag: ETAG, lastModified: LAST_MODIFIED };
const check = (headers: Record<string, string>, method = 'GET') => isNotModified(method, headers, validators);

describe('isNotModified (RFC 9110 §13.2.2)', () => {
  it('is false for an unconditional request and for methods other than GET and HEAD', () => {
    expect(check({})).toBe(false);
    expect(check({ 'if-none-match': ETAG }, 'POST')).toBe(false);
    expect(check({ 'if-none-match': ETAG }, 'HEAD')).toBe(true);
  });

  it('evaluates If-None-Match whatever Cache-Control says', () => {
    expect(check({ 'if-none-match': ETAG, 'cache-control': 'no-cache' })).toBe(true);
    expect(check({ 'if-none-match': ETAG, 'cache-control': 'max-age=0, no-cache' })).toBe(true);
    expect(check({ 'if-modified-since': LAST_MODIFIED.toUTCString(), 'cache-control': 'no-cache' })).toBe(true);
  });

  it('compares weakly, against every member of a list, and matches * always', () => {
    expect(check({ 'if-none-match': `W/${ETAG}` })).toBe(true);
    expect(isNotModified('GET', { 'if-none-match': ETAG }, { etag: `W/${ETAG}` })).toBe(true);
    expect(check({ 'if-none-match': `"other", W/${ETAG}` })).toBe(true);
    expect(check({ 'if-none-match': `"a,b" , ${ETAG}` })).toBe(true);
    expect(check({ 'if-none-match': '*' })).toBe(true);
    expect(check({ 'if-none-match': '"other", W/"abc"' })).toBe(false);
    // A tag inside another's quotes is not a member; an unquoted token is malformed and matches nothing.
    expect(check({ 'if-none-match': '"x, "abc123""' })).toBe(false);
    expect(check({ 'if-none-match': 'abc123' })).toBe(false);
    expect(isNotModified('GET', { 'if-none-match': ETAG }, { lastModified: LAST_MODIFIED })).toBe(false);
  });

  it('reads If-Modified-Since only without If-None-Match, and only as a valid date', () => {
    const later = new Date(LAST_MODIFIED.getTime() + 86_400_000).toUTCString();
    expect(check({ 'if-none-match': '"stale"', 'if-modified-since': later })).toBe(false);
    expect(check({ 'if-none-match': ETAG, 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).toBe(true);
    expect(check({ 'if-modified-since': later })).toBe(true);
    expect(check({ 'if-modified-since': LAST_MODIFIED.toUTCString() })).toBe(true);
    expect(check({ 'if-modified-since': new Date(LAST_MODIFIED.getTime() - 1000).toUTCString() })).toBe(false);
    expect(check({ 'if-modified-since': 'yesterday' })).toBe(false);
    expect(isNotModified('GET', { 'if-modified-since': later }, { etag: ETAG })).toBe(false);
  });
});
