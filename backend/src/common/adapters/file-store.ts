import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { detectContentType, PlainTextCheck } from './content-type';
import { storedFileName } from './file-name';

/** Largest upload kept (case attachments: documents and photos). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * A stored file's bytes travel in rows of this size (stored_file_chunks): each insert or read is short, so one
 * large upload or download never holds the event loop or PGlite's single connection for long. They cross the driver
 * as base64 text (decode/encode in SQL): PGlite turns a bytea parameter or column into JavaScript and back several
 * times slower than it decodes base64, and node-postgres would send a Buffer as hex, a third larger.
 */
export const CHUNK_BYTES = 128 * 1024;

/** How much of an upload is read before its type is told (file-type needs a zip's first entries for Office files). */
export const SNIFF_BYTES = 1024 * 1024;

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

/** A stored file to send: its facts, and its bytes as a stream read a chunk at a time. */
export interface OpenedFile extends StoredFileInfo {
  stream(): Readable;
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

/**
 * Uploads kept in the database, so every instance serves them and every backup holds them: the facts in
 * stored_files, the bytes in stored_file_chunks (files stored before the chunks kept theirs in stored_files.content).
 */
@Injectable()
export class FileStore {
  /**
   * Chunk writes of every upload on this instance, one after the other: a read that arrives meanwhile waits behind
   * one chunk at most, not one per upload (PGlite runs statements one at a time, in the order they come).
   */
  private chunkWrites: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: DataSource) {}

  private writeChunk(fileId: string, seq: number, chunk: Buffer): Promise<unknown> {
    const write = this.chunkWrites.then(() => this.db.query("INSERT INTO stored_file_chunks (file_id, seq, data) VALUES ($1, $2, decode($3, 'base64'))", [fileId, seq, chunk.toString('base64')]));
    this.chunkWrites = write.catch(() => undefined);
    return write;
  }

  /** `put` for bytes already in memory (small files, tests, imports). */
  put(content: Buffer, originalName: string, maxBytes = MAX_FILE_BYTES, types?: ReadonlySet<string>): Promise<StoredFileInfo> {
    return this.putStream(Readable.from([content]), originalName, maxBytes, types);
  }

  /**
   * Stores what `source` yields under a new id, as it arrives: its type is told from its first bytes
   * (content-type.ts: photos, PDF, office documents, text; text is checked to its end), its sha256 and size counted
   * on the way, its name made safe for that type (file-name.ts; 'fil' when nothing of it is left). Refuses what it cannot accept (RejectedFile) and keeps nothing of it; the source is read to its end
   * or until the refusal, never held whole in memory. `types` narrows what is taken (a receipt: a PDF or an image).
   */
  async putStream(source: AsyncIterable<Uint8Array>, originalName: string, maxBytes = MAX_FILE_BYTES, types?: ReadonlySet<string>): Promise<StoredFileInfo> {
    const hash = createHash('sha256');
    const text = new PlainTextCheck();
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let id: string | null = null;
    let contentType: string | null = null;
    let seq = 0;

    const flush = async (all: boolean) => {
      while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
        const joined = Buffer.concat(pending);
        const chunk = joined.subarray(0, CHUNK_BYTES);
        const rest = joined.subarray(chunk.length);
        pending = rest.length ? [rest] : [];
        pendingBytes = rest.length;
        await this.writeChunk(id!, seq++, chunk);
      }
    };
    /** Once enough is read to tell the type: refuse, or open the row the chunks belong to. */
    const start = async () => {
      const head = Buffer.concat(pending);
      contentType = sniffContentType(head) ?? (await detectContentType(head, { partial: size >= SNIFF_BYTES }));
      if (!contentType) throw new RejectedFile('the file is not a PDF, image, office document or text file', 'type');
      if (types && !types.has(contentType)) throw new RejectedFile('the file is not of a type this upload takes', 'type');
      const [row] = await this.db.query(
        "INSERT INTO stored_files (content, byte_size, content_type, sha256, original_name) VALUES (NULL, 0, $1, '', $2) RETURNING id",
        [contentType, storedFileName(originalName, contentType) ?? storedFileName('fil', contentType)],
      );
      id = row.id;
    };

    try {
      for await (const part of source) {
        const bytes = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
        size += bytes.length;
        if (size > maxBytes) throw new RejectedFile(`the file is larger than ${maxBytes} bytes`, 'too_large');
        hash.update(bytes);
        text.push(bytes);
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (!id && size >= SNIFF_BYTES) await start();
        if (id) await flush(false);
      }
      if (size === 0) throw new RejectedFile('the file is empty', 'empty');
      if (!id) await start();
      if (contentType === 'text/plain' && !text.end()) throw new RejectedFile('the file is not a PDF, image, office document or text file', 'type');
      await flush(true);
      const [[row]] = await this.db.query(`UPDATE stored_files SET byte_size = $2, sha256 = $3 WHERE id = $1 RETURNING ${INFO_COLUMNS}`, [id, size, hash.digest('hex')]);
      return info(row);
    } catch (e) {
      if (id) await this.delete(id);
      throw e;
    }
  }

  /** A file's facts and a stream of its bytes, or null when there is no such file. */
  async open(id: string): Promise<OpenedFile | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.query(`SELECT ${INFO_COLUMNS}, content IS NOT NULL AS inline FROM stored_files WHERE id = $1`, [id]);
    if (!row) return null;
    const db = this.db;
    async function* chunks(): AsyncGenerator<Buffer> {
      if (row.inline) {
        const [{ content }] = await db.query("SELECT encode(content, 'base64') AS content FROM stored_files WHERE id = $1", [id]);
        yield Buffer.from(content, 'base64');
        return;
      }
      for (let seq = 0; ; seq++) {
        const [chunk] = await db.query("SELECT encode(data, 'base64') AS data FROM stored_file_chunks WHERE file_id = $1 AND seq = $2", [id, seq]);
        if (!chunk) return;
        yield Buffer.from(chunk.data, 'base64');
      }
    }
    return { ...info(row), stream: () => Readable.from(chunks(), { objectMode: false }) };
  }

  /** A whole file in memory (small files, tests); downloads use `open`. */
  async get(id: string): Promise<StoredFile | null> {
    const file = await this.open(id);
    if (!file) return null;
    const parts: Buffer[] = [];
    for await (const part of file.stream()) parts.push(part as Buffer);
    const { stream: _, ...facts } = file;
    return { ...facts, content: Buffer.concat(parts) };
  }

  /** Whether a file was removed (its chunks go with it). */
  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const [, count] = await this.db.query('DELETE FROM stored_files WHERE id = $1', [id]);
    return Number(count) > 0;
  }
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
