/**
 * Cleans a feed before ical.js sees it. ical.js is strict: it throws on a BOM, on a single junk line, and it
 * cannot restore a UTF-8 character split by a fold once the bytes were decoded. Real feeds have all of these
 * (docs/interop.md#what-the-importer-must-get-right and the fixtures' README, "Reference pre-processing"). This module does not parse values;
 * it only checks each content line's outline (name, parameters, colon) and the BEGIN/END structure.
 */

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * Removes every line fold (CRLF, LF or CR followed by one space or tab) on the raw bytes, so that a fold inside a
 * multi-byte character is undone before decoding (RFC 5545 §3.1). Returns the input when it has no folds.
 */
export function unfoldBytes(bytes: Buffer): Buffer {
  const out = Buffer.allocUnsafe(bytes.length);
  let written = 0;
  let copiedUpTo = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== LF && b !== CR) continue;
    const breakLength = b === CR && bytes[i + 1] === LF ? 2 : 1;
    const next = bytes[i + breakLength];
    if (next !== SPACE && next !== TAB) {
      i += breakLength - 1;
      continue;
    }
    written += bytes.copy(out, written, copiedUpTo, i);
    copiedUpTo = i + breakLength + 1;
    i = copiedUpTo - 1;
  }
  if (copiedUpTo === 0) return bytes;
  written += bytes.copy(out, written, copiedUpTo, bytes.length);
  return out.subarray(0, written);
}

export type PreparedCalendar =
  | { ok: true; text: string; skippedLines: number }
  | { ok: false; error: string };

export const NOT_A_CALENDAR = 'not a calendar';
export const TRUNCATED_CALENDAR = 'truncated calendar (no END:VCALENDAR)';
export const CONTENT_BEFORE_CALENDAR = 'content before BEGIN:VCALENDAR';

/** [A-Za-z0-9-]: the characters of property and parameter names. */
function isNameChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45;
}

const hasLowerCase = (s: string) => s !== s.toUpperCase();

/**
 * Checks the outline of one content line, `name *(";" param-name "=" values) ":" value`, and returns it with the
 * property and parameter names upper-cased (they are case-insensitive, RFC 5545 §3.1; VRBO writes
 * `dtstart;value=date:`), or null when the line is malformed. Quoted parameter values may hold ';', ':' and ','
 * and are copied as written. `nameEnd` is the length of the property name, `colon` the index of the ':'.
 */
export function normaliseContentLine(line: string): { line: string; nameEnd: number; colon: number } | null {
  let i = 0;
  while (i < line.length && isNameChar(line.charCodeAt(i))) i++;
  if (i === 0) return null;
  const nameEnd = i;
  let lowerCaseNames = hasLowerCase(line.slice(0, i));
  while (line[i] === ';') {
    const nameStart = ++i;
    while (i < line.length && isNameChar(line.charCodeAt(i))) i++;
    if (i === nameStart || line[i] !== '=') return null;
    lowerCaseNames ||= hasLowerCase(line.slice(nameStart, i));
    do {
      i++;
      if (line[i] === '"') {
        const close = line.indexOf('"', i + 1);
        if (close === -1) return null;
        i = close + 1;
      } else {
        while (i < line.length && !';:,"'.includes(line[i])) i++;
      }
    } while (line[i] === ',');
  }
  if (line[i] !== ':') return null;
  return { line: lowerCaseNames ? upperCaseNames(line, i) : line, nameEnd, colon: i };
}

/** Upper-cases the names (not the parameter values) in the part of a valid content line before `colon`. */
function upperCaseNames(line: string, colon: number): string {
  let out = '';
  let inQuotes = false;
  let inName = true; // property name, or a parameter name until its '='
  for (let i = 0; i < colon; i++) {
    const ch = line[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === ';') inName = true;
    else if (!inQuotes && ch === '=') inName = false;
    out += inName && !inQuotes ? ch.toUpperCase() : ch;
  }
  return out + line.slice(colon);
}

/**
 * Checks that decoded, unfolded text is a complete calendar and returns it as CRLF text ical.js will accept:
 * blank and malformed lines dropped, names upper-cased, BEGIN/END balanced.
 */
export function prepareCalendarText(text: string): PreparedCalendar {
  const lines = text.split('\n');
  const firstContent = lines.find((l) => l.trim() !== '');
  if (!firstContent || firstContent.trim().toUpperCase() !== 'BEGIN:VCALENDAR') {
    // A calendar behind a stray first line is a broken calendar, not a sign that the link expired.
    const calendarLater = lines.some((l) => l.trim().toUpperCase() === 'BEGIN:VCALENDAR');
    return { ok: false, error: calendarLater ? CONTENT_BEFORE_CALENDAR : NOT_A_CALENDAR };
  }
  const kept: string[] = [];
  const open: string[] = [];
  let skippedLines = 0;
  let sawCalendarEnd = false;
  for (const raw of lines) {
    const line = raw.includes('\u0000') ? raw.replaceAll('\u0000', '') : raw;
    if (line.length === 0 || line.trim() === '') continue;
    const content = normaliseContentLine(line);
    if (!content) {
      skippedLines++;
      continue;
    }
    const name = content.line.slice(0, content.nameEnd);
    if (name === 'BEGIN' || name === 'END') {
      const component = content.line.slice(content.colon + 1).trim().toUpperCase();
      if (!/^[A-Z0-9-]+$/.test(component)) {
        skippedLines++;
        continue;
      }
      if (name === 'BEGIN') {
        if (open.length === 0 && component !== 'VCALENDAR') return { ok: false, error: 'content outside VCALENDAR' };
        open.push(component);
      } else {
        // An END that does not close the innermost component means lost lines: the structure cannot be trusted.
        if (open.pop() !== component) return { ok: false, error: `unbalanced END:${component}` };
        if (open.length === 0) sawCalendarEnd = true;
      }
      kept.push(`${name}:${component}`);
      continue;
    }
    if (open.length === 0) {
      skippedLines++; // trailing garbage after END:VCALENDAR
      continue;
    }
    kept.push(content.line);
  }
  if (open.length > 0 || !sawCalendarEnd) return { ok: false, error: TRUNCATED_CALENDAR };
  return { ok: true, text: kept.join('\r\n') + '\r\n', skippedLines };
}
