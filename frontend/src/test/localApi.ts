/**
 * A real HTTP server on 127.0.0.1 for the back office's tests: each test answers requests with its own handler
 * and reads back what the client sent (method, path, query, headers, body).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Answer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/** A handler may answer later (a promise), to hold a request open while a test looks at the screen meanwhile. */
export type Handler = (request: RecordedRequest) => Answer | undefined | Promise<Answer | undefined>;

export interface LocalApi {
  /** API root, like '/api' in the browser: http://127.0.0.1:port/api */
  apiUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startLocalApi(handler: Handler): Promise<LocalApi> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw || undefined;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // a non-JSON body is kept as text
      }
      const request: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
      requests.push(request);
      void Promise.resolve(handler(request)).then((given) => {
        const answer = given ?? { status: 404, json: { message: 'Ikke funnet' } };
        const headers: Record<string, string> = { ...answer.headers };
        let payload = answer.text ?? '';
        if (answer.json !== undefined) {
          headers['Content-Type'] = 'application/json';
          payload = JSON.stringify(answer.json);
        }
        res.writeHead(answer.status ?? 200, headers);
        res.end(payload);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
