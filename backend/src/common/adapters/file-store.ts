import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { detectContentType } from './content-type';

/** Largest upload kept (case attachments: documents and photos). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * The file types an upload may be, told by their first bytes (never by the name or the client's claim): the
 * documents and photos a case attachment holds.
 */
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const SIGNATURES: { type: string; parts: [at: number, bytes: number[]][] }[] = [
  { type: 'application/pdf', parts: [[0, ascii('%PDF-')]] },
  { type: 'image/png', parts: [[0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]]] },
  { type: 'image/jpeg', parts: [[0, [0xff, 0xd8, 0xff]]] },
  { type: 'image/gif', parts: [[0, ascii('GIF8')]] },
  { type: 'image/webp', parts: [[0, ascii('RIFF')], [8, ascii('WEBP')]] },
  { type: 'image/heic', parts: [[4, ascii('ftypheic')]] },
];

/** The content type of `content` by its magic number, or null when it is none of the allowed types. */
export function sniffContentType(content: Uint8Array): string | null {
  const matches = ([at, bytes]: [number, number[]]) => content.length >= at + bytes.length && bytes.every((b, i) => content[at + i] === b);
  return SIGNATURES.find(({ parts }) => parts.every(matches))?.type ?? null;
}

/** A file the store refuses: too large, empty, or not one of the allowed types. */
export class RejectedFile extends Error {
  constructor(message: string, readonly reason: 'empty' | 'too_large' | 'type' = 'type') {
    super(message);
  }
}

export interface StoredFileInfo {
  id: string;
  byteSize: number;
  contentType: string;
  sha256: string;
  originalName: string;
  createdAt: Date;
}

export interface StoredFile extends StoredFileInfo {
  content: Buffer;
}

const INFO_COLUMNS = 'id, byte_size, content_type, sha256, original_name, created_at';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw SQL row
const info = (r: any): StoredFileInfo => ({
  id: r.id,
  byteSize: r.byte_size,
  contentType: r.content_type,
  sha256: r.sha256,
  originalName: r.original_name,
  createdAt: r.created_at,
});

/** Uploads kept in the database (stored_files), so every instance serves them and every backup holds them. */
@Injectable()
export class FileStore {
  constructor(private readonly db: DataSource) {}

  /**
   * Stores `content` under a new id, with its size, type told from its bytes (content-type.ts: photos, PDF, office
   * documents, text) and sha256; refuses what it cannot accept.
   */
  async put(content: Buffer, originalName: string, maxBytes = MAX_FILE_BYTES): Promise<StoredFileInfo> {
    if (content.length === 0) throw new RejectedFile('the file is empty', 'empty');
    if (content.length > maxBytes) throw new RejectedFile(`the file is larger than ${maxBytes} bytes`, 'too_large');
    const contentType = sniffContentType(content) ?? (await detectContentType(content));
    if (!contentType) throw new RejectedFile('the file is not a PDF, image, office document or text file', 'type');
    const name = safeFileName(originalName);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const [row] = await this.db.query(
      `INSERT INTO stored_files (content, byte_size, content_type, sha256, original_name) VALUES ($1, $2, $3, $4, $5) RETURNING ${INFO_COLUMNS}`,
      [content, content.length, contentType, sha256, name],
    );
    return info(row);
  }

  async get(id: string): Promise<StoredFile | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.query(`SELECT ${INFO_COLUMNS}, content FROM stored_files WHERE id = $1`, [id]);
    return row ? { ...info(row), content: Buffer.from(row.content) } : null;
  }

  /** Whether a file was removed. */
  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const [, count] = await this.db.query('DELETE FROM stored_files WHERE id = $1', [id]);
    return Number(count) > 0;
  }
}

/** Only the last path segment of a client's file name, without control characters, at most 255 characters. */
export function safeFileName(originalName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  return (originalName.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255) || 'file';
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
