import type { HttpException } from '@nestjs/common';
import type express from 'express';
import type { Readable } from 'node:stream';
import { cleanFileName } from './file-name';
import { FileStore, RejectedFile, type StoredFileInfo } from './file-store';

/** A file multer stored through FileStoreStorage: the stored file's facts, its safe name among them. */
export interface StoredPart extends StoredFileInfo {
  fieldname: string;
}

/** How a use of the storage names its refusals, and which types it takes (default: the FileStore's). */
export interface FileStoreStorageOptions {
  maxBytes: number;
  /** The content types this upload may be (told from the bytes); others are refused as of the wrong type. */
  types?: ReadonlySet<string>;
  /** A file the FileStore refused (empty, too large, of a type not taken), named as the person will see it. */
  refused(e: RejectedFile, clientName: string, maxBytes: number): HttpException;
  /** A file part whose name is nothing once made safe (only dots or slashes). */
  nameless(): HttpException;
}

/**
 * multer's storage engine for every upload (case attachments, receipts): each file part streamed into the FileStore
 * as it arrives, its type told from its bytes, within a size cap; nothing holds a whole file in memory or touches
 * the disk. A use that budgets bytes per request (the cases' quota) narrows the cap (`capOf`), counts what was stored
 * (`counted`) and names a refusal at its own cap (`overCap`).
 */
export class FileStoreStorage<R extends express.Request = express.Request> {
  constructor(
    protected readonly files: FileStore,
    protected readonly options: FileStoreStorageOptions,
  ) {}

  _handleFile(req: R, file: { originalname: string; fieldname: string; stream: Readable }, done: (error: unknown, info?: Partial<StoredPart>) => void): void {
    this.store(req, file).then((info) => done(null, info), (error) => done(error));
  }

  _removeFile(_req: express.Request, file: Partial<StoredPart>, done: (error: Error | null) => void): void {
    if (!file.id) return done(null);
    this.files.delete(file.id).then(() => done(null), done);
  }

  /** The most bytes this request's file may have. */
  protected capOf(_req: R): number {
    return this.options.maxBytes;
  }

  /** A file of this request was stored. */
  protected counted(_req: R, _info: StoredFileInfo): void {}

  /** The refusal of a file over a cap narrower than maxBytes; null: the ordinary 'too large'. */
  protected overCap(_req: R): HttpException | null {
    return null;
  }

  private async store(req: R, file: { originalname: string; fieldname: string; stream: Readable }): Promise<Partial<StoredPart>> {
    const cap = Math.min(this.options.maxBytes, this.capOf(req));
    if (!cleanFileName(file.originalname)) {
      file.stream.resume();
      throw this.options.nameless();
    }
    try {
      const info = await this.files.putStream(file.stream, file.originalname, cap, this.options.types);
      this.counted(req, info);
      return { ...info, fieldname: file.fieldname };
    } catch (e) {
      file.stream.resume();
      if (!(e instanceof RejectedFile)) throw e;
      if (e.reason === 'too_large' && cap < this.options.maxBytes) throw this.overCap(req) ?? this.options.refused(e, file.originalname, this.options.maxBytes);
      throw this.options.refused(e, file.originalname, this.options.maxBytes);
    }
  }
}
