/**
 * The name a stored file is shown and downloaded under, made from the name a client sent (docs/product/cases.md, "File
 * names"): only its last path segment, in NFC, without control, format (bidirectional overrides, zero-width) or
 * line-separator characters, without leading dots or trailing dots and spaces, and with an extension that matches the
 * type told from the file's bytes. A name that is empty, '.' or '..' once cleaned has no name left: null.
 */
export function storedFileName(clientName: string, contentType: string): string | null {
  const cleaned = cleanFileName(clientName);
  if (!cleaned) return null;
  const extensions = EXTENSIONS[contentType] ?? [];
  const dot = cleaned.lastIndexOf('.');
  const [stem, extension] = dot > 0 && /^[\p{L}\p{N}]{1,10}$/u.test(cleaned.slice(dot + 1)) ? [cleaned.slice(0, dot), cleaned.slice(dot + 1)] : [cleaned, ''];
  const kept = extensions.includes(extension.toLowerCase()) ? extension : extensions[0];
  if (!kept) return fit(cleaned, '');
  return fit(stem.replace(/[\s.]+$/, '') || 'fil', `.${kept}`);
}

/** The client's name cleaned as storedFileName does, before its extension is decided; null when nothing is left. */
export function cleanFileName(clientName: string): string | null {
  const segment = clientName.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = segment
    .replace(/[\t\n\r\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return cleaned || null;
}

/** At most 255 characters (the column's width), the extension kept whole. */
function fit(stem: string, suffix: string): string {
  return [...stem].slice(0, 255 - suffix.length).join('').trimEnd() + suffix;
}

/** The extensions a type may keep, the first one given when the name has none of them. */
const EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  // Old Office files all look alike (an OLE container, content-type.ts): any of the three keeps its name.
  'application/msword': ['doc', 'xls', 'ppt'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/rtf': ['rtf'],
  'text/plain': ['txt'],
};
