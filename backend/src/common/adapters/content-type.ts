import { fileTypeFromBuffer } from 'file-type';

/**
 * What an upload may be, told from its bytes (file-type's magic numbers, and a text check), never from its name or
 * the client's claim: photos, PDF, office documents and plain text (docs/product/cases.md).
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
 * With `partial`, `content` is only the file's beginning: a character cut at its end does not make it binary (the
 * caller checks the rest with PlainTextCheck).
 */
export async function detectContentType(content: Uint8Array, options: { partial?: boolean } = {}): Promise<string | null> {
  const found = await fileTypeFromBuffer(content);
  if (found) {
    if (found.mime === OLD_OFFICE) return 'application/msword';
    return ALLOWED_CONTENT_TYPES.has(found.mime) ? found.mime : null;
  }
  const text = new PlainTextCheck();
  text.push(content);
  return (options.partial ? text.ok : text.end()) ? 'text/plain' : null;
}

/** Whether bytes fed a piece at a time are plain text (as detectContentType tells it), without holding them. */
export class PlainTextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  ok = true;

  push(bytes: Uint8Array): void {
    if (this.ok) this.ok = this.check(() => this.decoder.decode(bytes, { stream: true }));
  }

  /** The verdict once every byte was pushed. */
  end(): boolean {
    if (this.ok) this.ok = this.check(() => this.decoder.decode());
    return this.ok;
  }

  private check(decode: () => string): boolean {
    try {
      // eslint-disable-next-line no-control-regex -- control characters are exactly what marks a binary file
      return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(decode());
    } catch {
      return false;
    }
  }
}
