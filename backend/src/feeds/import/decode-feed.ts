/**
 * Turns the downloaded bytes of a feed into text. Feeds rarely declare a charset and some are not UTF-8
 * (docs/interop.md#what-the-importer-must-get-right, fixture latin1-encoded.ics), so: a non-UTF-8 charset from the HTTP Content-Type wins,
 * otherwise strict UTF-8 with windows-1252 (a superset of ISO-8859-1) as the fallback.
 * Line folds must already be removed on the bytes (see unfoldBytes), because a fold may split a UTF-8 sequence.
 */

export interface DecodedFeed {
  text: string;
  /** The WHATWG encoding name actually used, e.g. 'utf-8' or 'windows-1252'. */
  encoding: string;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The charset parameter of a Content-Type header, lower-cased, or undefined. */
export function charsetFromContentType(contentType: string | undefined): string | undefined {
  const match = contentType?.match(/;\s*charset\s*=\s*"?([^";\s]+)"?/i);
  return match ? match[1].toLowerCase() : undefined;
}

function canonicalEncoding(label: string): string | undefined {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined; // unknown label: ignore the header rather than fail the feed
  }
}

export function stripUtf8Bom(bytes: Buffer): Buffer {
  return bytes.length >= 3 && UTF8_BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(3) : bytes;
}

export function decodeFeed(bytes: Buffer, contentType?: string): DecodedFeed {
  const body = stripUtf8Bom(bytes);
  const declared = charsetFromContentType(contentType);
  const declaredEncoding = declared ? canonicalEncoding(declared) : undefined;
  let decoded: DecodedFeed;
  if (declaredEncoding && declaredEncoding !== 'utf-8') {
    decoded = { text: new TextDecoder(declaredEncoding).decode(body), encoding: declaredEncoding };
  } else {
    try {
      decoded = { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
    } catch {
      decoded = { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252' };
    }
  }
  // A BOM may also survive as U+FEFF when the bytes were in a declared encoding; ical.js throws on it.
  return { text: normaliseLineEndings(decoded.text.replace(/^\uFEFF/, '')), encoding: decoded.encoding };
}

/** CRLF and lone CR become LF; the preprocessor writes CRLF back for ical.js. */
export function normaliseLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
