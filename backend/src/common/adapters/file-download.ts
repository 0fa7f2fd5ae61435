import { StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { storedFileName } from './file-name';
import type { OpenedFile } from './file-store';

/** RFC 6266: an ASCII fallback name, and the real one in RFC 5987 form; no quote or path can break out. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A stored upload sent back (docs/security.md): never rendered as a page of ours (nosniff, a sandbox without any
 * source), never cached; its stored type, a text as UTF-8; images shown inline, anything else downloaded, under its
 * name made safe for its type (`fallback` when nothing of it is left).
 */
export function sendStoredFile(res: Response, file: OpenedFile, name: string, fallback: string): StreamableFile {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.setHeader('Cache-Control', 'private, no-store');
  const type = file.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : file.contentType;
  // Names stored before they were made safe are made safe on the way out too.
  const safeName = storedFileName(name, file.contentType) ?? storedFileName(fallback, file.contentType)!;
  const disposition = contentDisposition(file.contentType.startsWith('image/') ? 'inline' : 'attachment', safeName);
  return new StreamableFile(file.stream(), { type, disposition, length: file.byteSize });
}
