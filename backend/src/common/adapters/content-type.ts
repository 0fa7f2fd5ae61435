import { fileTypeFromBuffer } from 'file-type';

/**
 * What an upload may be, told from its bytes (file-type's magic numbers, and a text check), never from its name or
 * the client's claim: photos, PDF, office documents and plain text (SPEC §3 "Case attachment", issue 16).
 */
export const ALLOWED_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/rtf',
  'text/plain',
]);

/** Old Office files are OLE compound files; file-type names only the container, so they are kept by that name. */
const OLD_OFFICE = 'application/x-cfb';

/**
 * The content type of `content` when it is one of the allowed types, else null. Text is UTF-8 without control
 * characters other than tab, line feed, carriage return and form feed; it is served as text/plain whatever it holds.
 */
export async function detectContentType(content: Uint8Array): Promise<string | null> {
  const found = await fileTypeFromBuffer(content);
  if (found) {
    if (found.mime === OLD_OFFICE) return 'application/msword';
    return ALLOWED_CONTENT_TYPES.has(found.mime) ? found.mime : null;
  }
  return isPlainText(content) ? 'text/plain' : null;
}

function isPlainText(content: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what marks a binary file
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}
