import http from 'node:http';
import { DataSource } from 'typeorm';
import { CHUNK_BYTES } from '../src/common/adapters/file-store';
import type { User } from '../src/users/user.entity';
import { TEST_NOW, TestApp } from './helpers/test-app';
import { listen, sessionCookie } from './helpers/ws-client';

/**
 * Case attachments as docs/product/cases.md describes them: the gate before the body, streaming into the FileStore, the
 * daily quota, the rate limit, safe file names from upload to download, and an owner's targetUserId.
 */
const NEW_CASE = { title: 'Lekkasje', category: 'other', message: 'Det drypper fra taket.' };
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])]);
const TEXT = Buffer.from('Hei, her er loggen.\nLinje to.\n');
const RATE_LIMIT = 4;

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };

/** A multipart/form-data body written byte by byte, as a browser does: the file name as raw UTF-8. */
function multipart(parts: Part[]): { body: Buffer; type: string } {
  const boundary = '----eierportal-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = 'filename' in part ? `; filename="${part.filename}"\r\nContent-Type: application/octet-stream` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${head}\r\n\r\n`, 'utf8'));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

describe('case uploads', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await TestApp.start({ UPLOAD_RATE_LIMIT: String(RATE_LIMIT) });
    port = await listen(t);
  });
  afterAll(() => t.close());

  const db = () => t.app.get(DataSource);
  const counts = async () => (await db().query('SELECT (SELECT count(*)::int FROM case_messages) AS messages, (SELECT count(*)::int FROM stored_files) AS files, (SELECT count(*)::int FROM stored_file_chunks) AS chunks'))[0];

  async function ownerWithCase() {
    const { agent, user } = await t.loginAs('user');
    const res = await agent.post('/api/cases').send(NEW_CASE).expect(201);
    return { agent, user, kase: res.body as { id: number } };
  }

  /**
   * Starts a 9 MB upload on a raw connection, sends its first 64 kB and waits for an answer without sending more:
   * an answer means the server decided before reading the body. Resolves with the answer and the bytes sent.
   */
  function uploadWithoutFinishing(path: string, cookie: string): Promise<{ status: number; body: { code?: string }; connection?: string; sent: number; total: number }> {
    const total = 9 * 1024 * 1024;
    const head = Buffer.from('--b\r\nContent-Disposition: form-data; name="message"\r\n\r\nStor fil\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="stor.pdf"\r\n\r\n%PDF-1.7\n');
    const first = Buffer.concat([head, Buffer.alloc(64 * 1024 - head.length, 0x41)]);
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent: false, headers: { cookie, 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(total) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}'), connection: res.headers.connection, sent: first.length, total });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write(first);
      // Never ended: without an answer the test times out.
    });
  }

  describe('the gate before the body', () => {
    it('answers a 9 MB upload to a missing, malformed, foreign or closed case, or from a mini admin, before it has been sent', async () => {
      const { user: owner, kase } = await ownerWithCase();
      const other = await t.createUser('user');
      const mini = await t.createUser('miniAdmin');
      const before = await counts();

      const missing = await uploadWithoutFinishing('/api/cases/999999/messages', await sessionCookie(t, owner));
      expect(missing).toMatchObject({ status: 404, body: { code: 'case_not_found' }, connection: 'close' });
      expect(missing.sent).toBeLessThan(missing.total);

      for (const id of ['abc', '0', '99999999999']) {
        expect(await uploadWithoutFinishing(`/api/cases/${id}/messages`, await sessionCookie(t, owner))).toMatchObject({ status: 400, body: { code: 'invalid_id' } });
      }

      const foreign = await uploadWithoutFinishing(`/api/cases/${kase.id}/messages`, await sessionCookie(t, other));
      expect(foreign).toMatchObject({ status: 404, body: { code: 'case_not_found' } });

      const readOnly = await uploadWithoutFinishing(`/api/cases/${kase.id}/messages`, await sessionCookie(t, mini));
      expect(readOnly).toMatchObject({ status: 403, body: { code: 'read_only' } });

      await t.app.get(DataSource).query('UPDATE cases SET is_closed = true WHERE id = $1', [kase.id]);
      const closed = await uploadWithoutFinishing(`/api/cases/${kase.id}/messages`, await sessionCookie(t, owner));
      expect(closed).toMatchObject({ status: 409, body: { code: 'case_closed' } });

      const anonymous = await uploadWithoutFinishing(`/api/cases/${kase.id}/messages`, '');
      expect(anonymous.status).toBe(401);
      expect(await counts()).toEqual(before);
    });
  });

  describe('streaming into the FileStore', () => {
    it('stores a file in chunks as it arrives and gives it back byte for byte', async () => {
      const { agent, kase } = await ownerWithCase();
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2.5 * CHUNK_BYTES, 0x42)]);
      const res = await agent.post(`/api/cases/${kase.id}/messages`).field('message', 'Kontrakt').attach('file', big, { filename: 'kontrakt.pdf' }).expect(201);
      const [attachment] = res.body.attachments;
      expect(attachment).toMatchObject({ fileName: 'kontrakt.pdf', fileType: 'application/pdf', fileSize: big.length });
      const [{ file_id: fileId }] = await db().query('SELECT file_id FROM case_attachments WHERE id = $1', [attachment.id]);
      const chunks = await db().query('SELECT seq, length(data)::int AS size FROM stored_file_chunks WHERE file_id = $1 ORDER BY seq', [fileId]);
      expect(chunks.map((c: { size: number }) => c.size)).toEqual([CHUNK_BYTES, CHUNK_BYTES, big.length - 2 * CHUNK_BYTES]);
      const download = await agent.get(attachment.fileUrl).buffer(true).parse((r, done) => {
        const parts: Buffer[] = [];
        r.on('data', (c: Buffer) => parts.push(c));
        r.on('end', () => done(null, Buffer.concat(parts)));
      }).expect(200);
      expect(download.headers['content-length']).toBe(String(big.length));
      expect(Buffer.compare(download.body as Buffer, big)).toBe(0);
    });
  });

  describe('file names', () => {
    it('stores and serves safe names: UTF-8, no bidirectional tricks, the extension of the type', async () => {
      const { agent, kase } = await ownerWithCase();
      const { body, type } = multipart([
        { name: 'message', value: 'Vedlegg' },
        { name: 'file', filename: 'Tilbud æøå.pdf', content: PDF },
        { name: 'file', filename: 'faktura.hta', content: TEXT },
        { name: 'file', filename: 'oppdater.ps1', content: TEXT },
        { name: 'file', filename: 'app.js', content: TEXT },
        { name: 'file', filename: 'faktura\u202Efdp.bat', content: TEXT },
        { name: 'file', filename: 'bilde.gif', content: PNG },
        { name: 'file', filename: 'C:\\Users\\eier\\skann', content: PDF },
      ]);
      const res = await agent.post(`/api/cases/${kase.id}/messages`).set('Content-Type', type).send(body).expect(201);
      const names = res.body.attachments.map((a: { fileName: string }) => a.fileName);
      expect(names).toEqual(['Tilbud æøå.pdf', 'faktura.txt', 'oppdater.txt', 'app.txt', 'fakturafdp.txt', 'bilde.png', 'skann.pdf']);

      const download = (i: number) => agent.get(res.body.attachments[i].fileUrl).expect(200);
      expect((await download(0)).headers['content-disposition']).toBe(`attachment; filename="Tilbud ___.pdf"; filename*=UTF-8''Tilbud%20%C3%A6%C3%B8%C3%A5.pdf`);
      expect((await download(1)).headers['content-disposition']).toBe(`attachment; filename="faktura.txt"; filename*=UTF-8''faktura.txt`);
      expect((await download(4)).headers['content-disposition']).toBe(`attachment; filename="fakturafdp.txt"; filename*=UTF-8''fakturafdp.txt`);
      expect((await download(5)).headers['content-disposition']).toBe(`inline; filename="bilde.png"; filename*=UTF-8''bilde.png`);
    });

    it.each(['..', '.', '/', '../', ' \u202E '])('refuses the name %j with 400 and keeps nothing of the message', async (filename) => {
      const { agent, kase } = await ownerWithCase();
      const before = await counts();
      const { body, type } = multipart([
        { name: 'message', value: 'Vedlegg' },
        { name: 'file', filename: 'ok.pdf', content: PDF },
        { name: 'file', filename, content: TEXT },
      ]);
      const res = await agent.post(`/api/cases/${kase.id}/messages`).set('Content-Type', type).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'case_attachment_name', message: 'Filen må ha et navn (ikke bare punktum eller skråstrek)' });
      expect(await counts()).toEqual(before);
    });
  });

  describe('quota and rate limit', () => {
    const MB = 1024 * 1024;
    const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes - 9, 0x43)]);

    it('holds each person to the daily quota: while streaming, before the body once it is used up, and again the next day', async () => {
      const { agent: admin } = await t.loginAs('admin');
      await admin.put('/api/system-settings/cases.uploadQuotaMb').send({ value: '1' }).expect(200);
      try {
        const { agent, user, kase } = await ownerWithCase();
        const send = (bytes: number, filename: string) => agent.post(`/api/cases/${kase.id}/messages`).field('message', 'Skann').attach('file', pdfOf(bytes), { filename });
        await send(0.6 * MB, 'en.pdf').expect(201);
        const before = await counts();
        // 0.6 + 0.6 MB: the second file passes the gate and is stopped while it streams.
        const over = await send(0.6 * MB, 'to.pdf').expect(413);
        expect(over.body).toMatchObject({ code: 'case_upload_quota', message: 'Du har lastet opp for mye i dag (høyst 1 MB per døgn). Prøv igjen senere.', params: { max: 1 } });
        expect(await counts()).toEqual(before);
        await send(0.4 * MB - 1, 'tre.pdf').expect(201);
        // Used up: the next upload is refused before its body is read.
        const early = await uploadWithoutFinishing(`/api/cases/${kase.id}/messages`, await sessionCookie(t, user));
        expect(early).toMatchObject({ status: 413, body: { code: 'case_upload_quota' } });
        // A message without files is not an upload.
        await agent.post(`/api/cases/${kase.id}/messages`).send({ message: 'Uten vedlegg' }).expect(201);

        t.clock.set(new Date(TEST_NOW.getTime() + 24 * 60 * 60 * 1000 + 1000));
        await send(0.6 * MB, 'neste-dag.pdf').expect(201);
      } finally {
        t.clock.set(TEST_NOW);
        await admin.put('/api/system-settings/cases.uploadQuotaMb').send({ value: '200' }).expect(200);
      }
    });

    it('refuses a quota that is not a whole number of megabytes', async () => {
      const { agent: admin } = await t.loginAs('admin');
      for (const value of ['-1', '1.5', 'mye', '99999999']) {
        expect((await admin.put('/api/system-settings/cases.uploadQuotaMb').send({ value }).expect(400)).body.code).toBe('setting_invalid_count');
      }
    });

    it(`limits each person to ${RATE_LIMIT} uploads an hour, without counting messages without files`, async () => {
      const { agent, kase } = await ownerWithCase();
      const upload = () => agent.post(`/api/cases/${kase.id}/messages`).field('message', 'Bilde').attach('file', PNG, { filename: 'bilde.png' });
      for (let i = 0; i < RATE_LIMIT; i++) await upload().expect(201);
      await agent.post(`/api/cases/${kase.id}/messages`).send({ message: 'Bare tekst' }).expect(201);
      const before = await counts();
      const limited = await upload().expect(429);
      expect(limited.body).toMatchObject({ code: 'case_upload_rate_limited', message: 'For mange opplastinger på kort tid. Vent litt og prøv igjen.' });
      expect(await counts()).toEqual(before);
      // Another person has their own budget.
      const second = await ownerWithCase();
      await second.agent.post(`/api/cases/${second.kase.id}/messages`).field('message', 'Bilde').attach('file', PNG, { filename: 'bilde.png' }).expect(201);
    });
  });

  describe("an owner's targetUserId", () => {
    it('is ignored: never looked up (no 409 for an unknown id), never kept, never echoed; staff keep it', async () => {
      const { agent, user: owner, kase } = await ownerWithCase();
      const someone: User = await t.createUser('user');
      for (const targetUserId of [2_000_000_000, someone.id]) {
        const res = await agent.post(`/api/cases/${kase.id}/messages`).send({ message: 'Til hvem?', targetUserId }).expect(201);
        expect(res.body.targetUserId).toBeNull();
        const [row] = await db().query('SELECT target_user_id FROM case_messages WHERE id = $1', [res.body.id]);
        expect(row.target_user_id).toBeNull();
      }
      const { agent: admin } = await t.loginAs('admin');
      const answer = await admin.post(`/api/cases/${kase.id}/messages`).send({ message: 'Svar', targetUserId: owner.id }).expect(201);
      expect(answer.body.targetUserId).toBe(owner.id);
    });
  });
});
