/**
 * Staff's user search (the picker and the back-office list): every word typed must begin a word of the user's name,
 * username, e-mail or phone number ('ole han' finds Ole Hansen, '912' finds +47 912 34 567, '91234567' finds it
 * too). It runs on PostgreSQL's built-in full-text search, on both engines: pg_trgm, which would serve substring
 * search, is not in PGlite. A GIN index on the same expression (migration 1765720000000) answers a prefix query
 * from the index, so a search stays fast at the design's 10,000 owners and beyond (docs/architecture.md "User search").
 */

/**
 * The searched text of a user, as a tsvector: the words of name, username and e-mail (the address whole, and its
 * parts between '@' and '.', so 'kari@fjord' finds kari@fjordhytter.no), the phone number as written,
 * all its digits, and its last eight (a Norwegian number without +47). The migration's index uses this expression
 * with the table's column names; a query must use the very same expression for the index to serve it.
 */
export const userSearchVector = (columns: { name: string; username: string; email: string; phone: string }) =>
  `to_tsvector('simple'::regconfig, coalesce(${columns.name}, '') || ' ' || coalesce(${columns.username}, '') || ' ' || coalesce(${columns.email}, '') || ' ' || regexp_replace(coalesce(${columns.email}, ''), '[^[:alnum:]]+', ' ', 'g') || ' ' || coalesce(${columns.phone}, '') || ' ' || regexp_replace(coalesce(${columns.phone}, ''), '[^0-9]', '', 'g') || ' ' || right(regexp_replace(coalesce(${columns.phone}, ''), '[^0-9]', '', 'g'), 8))`;

/** At most this many words of a query count; the rest are ignored. */
const MAX_WORDS = 6;

/**
 * The tsquery text for what was typed: each word a quoted prefix (`'ole':* & 'han':*`), with the characters that
 * mean something to tsquery removed, so no input can make a malformed query. Null when nothing searchable is left.
 */
export function userSearchQuery(typed: string): string | null {
  const words = typed
    .normalize('NFC')
    .toLowerCase()
    .split(/\s+/)
    // A number typed with its country code ('+4791234567') is looked up among the phone's digits.
    .map((word) => word.replace(/[&|!():*'\\<>]/g, '').replace(/^\+(?=\d+$)/, ''))
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  return words.length ? words.map((word) => `'${word}':*`).join(' & ') : null;
}
