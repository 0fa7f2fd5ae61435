/**
 * Control characters in text that users and feeds write: C0 (NUL, CR, LF, …), DEL, C1 and the Unicode line and
 * paragraph separators. Left in, they end a header, a log line or an iCalendar property early and let the rest of
 * the value pose as something else. Every output that takes such text goes through one of these helpers.
 */
const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029\u0085]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is this file's purpose
const ALL_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
/** Everything above but TAB and LF, which multi-line text (descriptions, notes) keeps. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROLS_BUT_TAB_AND_LF = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** One line of text: a name, a title, a UID, a filename. Line breaks and tabs become a space; other controls go. */
export function singleLine(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replace(/\t/g, ' ').replace(ALL_CONTROLS, '');
}

/** Text that may span lines: every line break becomes LF, tabs stay, other controls go. */
export function multiLine(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replace(CONTROLS_BUT_TAB_AND_LF, '');
}

/** For a log line: controls shown as escapes (`\n`, `\u0000`), so the entry stays one line and nothing is hidden. */
export function forLog(value: unknown): string {
  const text = value instanceof Error ? value.message : String(value);
  return text.replace(ALL_CONTROLS, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** class-transformer `@Transform` for single-line names: controls removed, then trimmed. Non-strings pass for the validator. */
export const toSingleLine = ({ value }: { value: unknown }) => (typeof value === 'string' ? singleLine(value).trim() : value);

/** An error for a log line: its message escaped as in {@link forLog}, its stack frames (the code's own) as they are. */
export function errorForLog(error: unknown): string {
  if (!(error instanceof Error) || !error.stack) return forLog(error);
  const frames = error.stack.indexOf('\n    at ');
  return `${error.name}: ${forLog(error.message)}${frames >= 0 ? error.stack.slice(frames) : ''}`;
}
