import http, { IncomingHttpHeaders } from 'node:http';

export interface ProbeAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request on a fresh connection, for the setup and checks around measurements. fetch() keeps connections
 * alive between calls; on PGlite, seeding blocks the event loop for seconds, after which a kept socket and the
 * server's keep-alive timeout race and the next call fails with ECONNRESET. A new connection each time cannot.
 */
export function probe(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<ProbeAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
