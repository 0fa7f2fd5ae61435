import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync } from 'node:zlib';
import path from 'node:path';
import request from 'supertest';
import { ORIGIN, PASSWORD, TestApp } from './helpers/test-app';

/** The built frontend as the server finds it: the page, the service worker and one hashed script. */
function builtFrontend(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'eierportal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Eierportal</title><script>${INLINE_SCRIPT}</script><div id="root"></div>`);
  writeFileSync(path.join(dist, 'auth.html'), '<!doctype html><title>Eierportal</title><div id="login-shell"><form></form></div><div id="root"></div>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'assets', 'core-AbC123.js'), SCRIPT);
  // The build's brotli copy beside it.
  writeFileSync(path.join(dist, 'assets', 'core-AbC123.js.br'), brotliCompressSync(SCRIPT));
  return dist;
}

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(2000))};`;

/** A boot script as the build writes it into the page. */
const INLINE_SCRIPT = "(function () { document.documentElement.dataset.booted = 'yes'; })();";

/** What a browser reads only on a document or a worker. */
const DOCUMENT_POLICIES = ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster'];

describe('The built frontend', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = builtFrontend();
    t = await TestApp.start({ FRONTEND_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers any app path with the page, revalidated each time, under every document policy', async () => {
    for (const url of ['/', '/auth', '/calendar/some/deep/link']) {
      const res = await request(t.server).get(url).expect(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      for (const header of DOCUMENT_POLICIES) expect(res.headers[header]).toBeDefined();
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('answers a visitor without a session on the login and home pages with the prerendered login page, others with the plain page', async () => {
    for (const url of ['/auth', '/']) {
      const firstVisit = await request(t.server).get(url).expect(200);
      expect(firstVisit.text).toContain('<div id="login-shell">');
      expect(firstVisit.headers.vary).toContain('Cookie');
      expect(firstVisit.headers['cache-control']).toBe('no-cache');
      // A session cookie the server does not know (ended, forged) is no session.
      const stale = await request(t.server).get(url).set('Cookie', 'theme=dark; connect.sid=s%3Aabc.def; session_hint=1').expect(200);
      expect(stale.text).toContain('<div id="login-shell">');
    }
    for (const url of ['/payouts', '/reset-password', '/admin/users']) expect((await request(t.server).get(url).expect(200)).text).not.toContain('login-shell');
  });

  describe('the session hint (docs/security.md#shared-devices)', () => {
    const hintOf = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('session_hint='));

    it('goes with a signed-in session: set at sign-in, readable by scripts, expiring with the session cookie', async () => {
      const owner = await t.createUser('user');
      const login = await request(t.server).post('/api/login').set('Origin', ORIGIN).send({ username: owner.username, password: PASSWORD }).expect(200);
      const hint = hintOf(login)!;
      expect(hint).toMatch(/^session_hint=1;/);
      expect(hint).not.toMatch(/HttpOnly/i);
      const session = ([] as string[]).concat(login.headers['set-cookie']).find((c) => c.startsWith('connect.sid='))!;
      const expiresOf = (cookie: string) => /Expires=([^;]+)/i.exec(cookie)![1];
      expect(expiresOf(hint)).toBe(expiresOf(session));
      const cookie = `${session.split(';')[0]}; session_hint=1`;
      // Signed in: the app, and no new hint on every answer.
      for (const url of ['/', '/auth']) {
        const page = await request(t.server).get(url).set('Cookie', cookie).expect(200);
        expect(page.text).not.toContain('login-shell');
        expect(hintOf(page)).toBeUndefined();
      }
      // A signed-in page without the hint (a session from before it) gets it.
      expect(hintOf(await request(t.server).get('/').set('Cookie', session.split(';')[0]).expect(200))).toMatch(/^session_hint=1;/);
    });

    it('is cleared when the session ended elsewhere, on the page and on an API answer alike, and at logout', async () => {
      const owner = await t.createUser('user');
      const signIn = async () => {
        const login = await request(t.server).post('/api/login').set('Origin', ORIGIN).send({ username: owner.username, password: PASSWORD }).expect(200);
        return `${([] as string[]).concat(login.headers['set-cookie']).find((c) => c.startsWith('connect.sid='))!.split(';')[0]}; session_hint=1`;
      };
      const here = await signIn();
      const elsewhere = await signIn();
      await request(t.server).delete('/api/user/sessions').set('Origin', ORIGIN).set('Cookie', elsewhere).expect(200);
      const page = await request(t.server).get('/').set('Cookie', here).expect(200);
      expect(page.text).toContain('<div id="login-shell">');
      expect(hintOf(page)).toMatch(/^session_hint=;.*Expires=Thu, 01 Jan 1970/);
      expect(hintOf(await request(t.server).get('/api/user').set('Cookie', here).expect(401))).toMatch(/^session_hint=;/);
      expect(hintOf(await request(t.server).post('/api/logout').set('Origin', ORIGIN).set('Cookie', elsewhere))).toMatch(/^session_hint=;/);
    });
  });

  it('answers HEAD on the page and every app path as GET does: 200 with the same headers and no body', async () => {
    for (const url of ['/', '/auth', '/payouts', '/admin/users', '/calendar/some/deep/link']) {
      const get = await request(t.server).get(url).expect(200);
      const head = await request(t.server).head(url).expect(200);
      expect(head.text ?? '').toBe('');
      for (const header of ['content-type', 'content-length', 'cache-control', 'etag', 'content-security-policy']) expect(head.headers[header]).toBe(get.headers[header]);
    }
    await request(t.server).head('/sw.js').expect(200);
  });

  it('lets the built page\'s own inline script run, by its hash, and no other inline script', async () => {
    const csp = String((await request(t.server).get('/payouts').expect(200)).headers['content-security-policy']);
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
    expect(csp).not.toContain("'unsafe-inline' 'sha256");
  });

  it('lets styles and fonts come from this origin only, not from any https: origin', async () => {
    const csp = String((await request(t.server).get('/').expect(200)).headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values.join(' ')]));
    expect(directives['style-src']).toBe("'self' 'unsafe-inline'");
    expect(directives['font-src']).toBe("'self' data:");
    expect(csp).not.toContain('https:');
  });

  it('serves the service worker with the content security policy, which applies to workers', async () => {
    const res = await request(t.server).get('/sw.js').expect(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves hashed assets for a year, compressed, with the headers a script needs and without the document policies', async () => {
    const res = await request(t.server).get('/assets/core-AbC123.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers.etag).toBeDefined();
    for (const header of [...DOCUMENT_POLICIES, 'last-modified']) expect(res.headers[header]).toBeUndefined();
    // A revalidation is answered from the ETag alone.
    await request(t.server).get('/assets/core-AbC123.js').set('If-None-Match', res.headers.etag).expect(304);
    // Cache-Control: no-cache (fetch adds it to revalidations) is for caches; the origin still answers the validator.
    await request(t.server).get('/assets/core-AbC123.js').set('If-None-Match', res.headers.etag).set('Cache-Control', 'no-cache').expect(304);
    await request(t.server).get('/assets/core-AbC123.js').set('If-None-Match', '"other"').set('Cache-Control', 'no-cache').expect(200);
  });

  it("sends a browser that accepts brotli the build's brotli copy, and the others gzip or the file as it is", async () => {
    const br = await request(t.server).get('/assets/core-AbC123.js').set('Accept-Encoding', 'gzip, deflate, br, zstd').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The client decodes what the header names: the brotli copy's bytes, fewer than the file's.
    expect(Number(br.headers['content-length'])).toBeLessThan(SCRIPT.length / 10);
    expect(br.text).toBe(SCRIPT);
    await request(t.server).get('/assets/core-AbC123.js').set('Accept-Encoding', 'br').set('If-None-Match', br.headers.etag).expect(304);

    const gzip = await request(t.server).get('/assets/core-AbC123.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(SCRIPT);
    const plain = await request(t.server).get('/assets/core-AbC123.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it('answers the page\'s and the worker\'s revalidation with 304 whatever the request\'s Cache-Control says', async () => {
    const page = await request(t.server).get('/').expect(200);
    await request(t.server).get('/').set('If-Modified-Since', page.headers['last-modified']).set('Cache-Control', 'no-cache').expect(304);
    await request(t.server).get('/calendar').set('If-Modified-Since', page.headers['last-modified']).set('Cache-Control', 'no-cache').expect(304);
    const worker = await request(t.server).get('/sw.js').expect(200);
    await request(t.server).get('/sw.js').set('If-None-Match', worker.headers.etag).set('Cache-Control', 'no-cache').expect(304);
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const res = await request(t.server).get('/assets/core-gone.js').expect(404);
    expect(res.text).not.toContain('<div id="root">');
  });
});

describe('A deploy of a new build', () => {
  let distA: string;
  let distB: string;
  let dataDir: string;
  beforeAll(() => {
    distA = builtFrontend();
    // Build B: the same page, its script under a new hash, as the next build names what changed.
    distB = builtFrontend();
    for (const copy of ['', '.br']) renameSync(path.join(distB, 'assets', `core-AbC123.js${copy}`), path.join(distB, 'assets', `core-DeF456.js${copy}`));
  });
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'eierportal-data-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  afterAll(() => {
    for (const dist of [distA, distB]) rmSync(dist, { recursive: true, force: true });
  });

  async function deployAThenB(env: Record<string, string> = {}): Promise<TestApp> {
    const a = await TestApp.start({ FRONTEND_DIST: distA, DATA_DIR: dataDir, ...env });
    await request(a.server).get('/assets/core-AbC123.js').expect(200);
    await a.close();
    return TestApp.start({ FRONTEND_DIST: distB, DATA_DIR: dataDir, ...env });
  }

  it("keeps serving the previous build's hashed files, as immutable as the current build's, for a tab still on it", async () => {
    const b = await deployAThenB();
    try {
      const previous = await request(b.server).get('/assets/core-AbC123.js').expect(200);
      expect(previous.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(previous.headers['x-content-type-options']).toBe('nosniff');
      const previousBrotli = await request(b.server).get('/assets/core-AbC123.js').set('Accept-Encoding', 'br').expect(200);
      expect(previousBrotli.headers['content-encoding']).toBe('br');
      expect(previousBrotli.text).toBe(SCRIPT);
      await request(b.server).get('/assets/core-DeF456.js').expect(200);
      await request(b.server).get('/assets/core-never-built.js').expect(404);
    } finally {
      await b.close();
    }
  });

  it('serves only the current build when the grace period is 0', async () => {
    const b = await deployAThenB({ ASSET_GRACE_DAYS: '0' });
    try {
      await request(b.server).get('/assets/core-AbC123.js').expect(404);
      await request(b.server).get('/assets/core-DeF456.js').expect(200);
    } finally {
      await b.close();
    }
  });
});
