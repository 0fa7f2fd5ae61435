/**
 * The worker-thread side of FeedParsePool: parses one feed off the main thread. Before each recurring series it
 * names the series on the progress port (and null after it), so the pool's watchdog can tell which rule a stalled
 * parse is stuck in and retry without it.
 */
import type { MessagePort } from 'node:worker_threads';
import { parseFeed, type ParseFeedOptions, type ParseFeedResult } from './parse-feed';

export interface ParseTask {
  bytes: Uint8Array;
  options: Omit<ParseFeedOptions, 'onSeries'>;
  progress: MessagePort;
}

export default function parseInWorker({ bytes, options, progress }: ParseTask): ParseFeedResult {
  try {
    return parseFeed(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { ...options, onSeries: (uid) => progress.postMessage(uid) });
  } finally {
    progress.close();
  }
}
