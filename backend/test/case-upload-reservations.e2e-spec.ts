import http from 'node:http';
import { DataSource } from 'typeorm';
import type { User } from '../src/users/user.entity';
import { TestApp } from './helpers/test-app';
import { listen, sessionCookie } from './helpers/ws-client';

/**
 * The upload quota is reserved before a body is read (docs/product/cases.md#attachments): uploads sent side by side
 * never pass it together, a refused one writes nothing, and one person runs at most two uploads at once (a third is
 * refused with 429 case_upload_busy rather than kept waiting).
 */
const MB = 1024 * 1024;
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes - 9, 0x43)]);

describe('case upload reservations', () => {
  let t: TestApp;
  let port: number;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>['agent'];
  beforeAll(async () => {
    t = await TestApp.start();
    port = await listen(t);
    admin = (await t.loginAs('admin')).agent;
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await admin.put('/api/system-settings/cases.uploadQuotaMb').send({ value: '200' }).expect(200);
  });

  const db = () => t.app.get(DataSource);
  const stored = async () =>
    (await db().query('SELECT (SELECT count(*)::int FROM stored_files) AS files, (SELECT count(*)::int FROM stored_file_chunks) AS chunks, (SELECT count(*)::int FROM case_attachments) AS attachments'))[0];
  const reservations = async (userId: number) => (await db().query('SELECT count(*)::int AS n FROM upload_reservations WHERE user_id = $1', [userId]))[0].n as number;

  async function ownerWithCase() {
    const { agent, user } = await t.loginAs('user');
    const res = await agent.post('/api/cases').send({ title: 'Lekkasje', category: 'other', message: 'Det drypper.' }).expect(201);
    return { agent, user, kase: res.body as { id: number } };
  }

  it('stores at most the quota of 8 uploads of 1.5 MB sent at once against 2 MB, refusing the rest before their bodies', async () => {
    await admin.put('/api/system-settings/cases.uploadQuotaMb').send({ value: '2' }).expect(200);
    const { agent, user, kase } = await ownerWithCase();
    const before = await stored();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => agent.post(`/api/cases/${kase.id}/messages`).field('message', `Fil ${i}`).attach('file', pdfOf(1.5 * MB), { filename: `fil-${i}.pdf` })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(413);
      expect(refused.body).toMatchObject({ code: 'case_upload_quota', message: 'Du har lastet opp for mye i dag (høyst 2 MB per døgn). Prøv igjen senere.', params: { max: 2 } });
      // Refused at the gate: the body was never read.
      expect(refused.headers.connection).toBe('close');
    }
    const [{ total }] = await db().query('SELECT coalesce(sum(file_size), 0)::bigint AS total FROM case_attachments WHERE uploader_id = $1', [user.id]);
    expect(Number(total)).toBeLessThanOrEqual(2 * MB);
    // Nothing of the refused ones: one file more, with its chunks, and no message beside the one that passed.
    const after = await stored();
    expect(after.files).toBe(before.files + 1);
    expect(after.attachments).toBe(before.attachments + 1);
    expect((await agent.get(`/api/cases/${kase.id}/messages`).expect(200)).body).toHaveLength(2);
    expect(await reservations(user.id)).toBe(0);
  });

  /** Starts an upload on a raw connection and sends only its head: the gate has decided once it answers or reserves. */
  function startUpload(path: string, cookie: string, fileBytes = 2 * MB) {
    const head = Buffer.from('--b\r\nContent-Disposition: form-data; name="message"\r\n\r\nStor fil\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="stor.pdf"\r\n\r\n%PDF-1.7\n');
    const tail = Buffer.from('\r\n--b--\r\n');
    const rest = Buffer.alloc(fileBytes - 9, 0x44);
    const total = head.length + rest.length + tail.length;
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent: false, headers: { cookie, 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(total) } });
    const answer = new Promise<{ status: number; code?: string }>((resolve) => {
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, code: JSON.parse(Buffer.concat(chunks).toString() || '{}').code }));
      });
      req.on('error', () => resolve({ status: 0 }));
    });
    req.write(head);
    const finish = () => req.end(Buffer.concat([rest, tail]));
    return { req, answer, finish };
  }

  it('holds the quota an upload under way reserved: one sent meanwhile is refused at once, and the first one is stored', async () => {
    await admin.put('/api/system-settings/cases.uploadQuotaMb').send({ value: '2' }).expect(200);
    const { agent, user, kase } = await ownerWithCase();
    const path = `/api/cases/${kase.id}/messages`;
    const first = startUpload(path, await sessionCookie(t, user as User), 1.5 * MB);
    const deadline = Date.now() + 10_000;
    while ((await reservations(user.id)) < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const before = await stored();
    const second = await agent.post(path).field('message', 'Imens').attach('file', pdfOf(1.5 * MB), { filename: 'imens.pdf' });
    expect(second.status).toBe(413);
    expect(second.body).toMatchObject({ code: 'case_upload_quota', params: { max: 2 } });
    expect(second.headers.connection).toBe('close');
    expect(await stored()).toEqual(before);
    first.finish();
    expect(await first.answer).toEqual({ status: 201, code: undefined });
    const [{ total }] = await db().query('SELECT coalesce(sum(file_size), 0)::bigint AS total FROM case_attachments WHERE uploader_id = $1', [user.id]);
    expect(Number(total)).toBe(1.5 * MB);
    expect(await reservations(user.id)).toBe(0);
  });

  it('runs at most two uploads of one person at once: a third is refused with 429 case_upload_busy, and a finished or dropped one frees its place', async () => {
    const { agent, user, kase } = await ownerWithCase();
    const cookie = await sessionCookie(t, user as User);
    const path = `/api/cases/${kase.id}/messages`;
    const first = startUpload(path, cookie);
    const second = startUpload(path, cookie);
    const deadline = Date.now() + 10_000;
    while ((await reservations(user.id)) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await reservations(user.id)).toBe(2);

    const before = await stored();
    const third = await agent.post(path).field('message', 'Tredje').attach('file', pdfOf(100_000), { filename: 'tredje.pdf' }).expect(429);
    expect(third.body).toMatchObject({ code: 'case_upload_busy', message: 'Du laster allerede opp 2 filer samtidig. Vent til de er ferdige og prøv igjen.', params: { max: 2 } });
    expect(third.headers.connection).toBe('close');
    // Another person is not held up.
    const other = await ownerWithCase();
    await other.agent.post(`/api/cases/${other.kase.id}/messages`).field('message', 'Annen').attach('file', pdfOf(100_000), { filename: 'annen.pdf' }).expect(201);

    // One upload dropped halfway gives its place back, and nothing of it is kept.
    first.req.destroy();
    await first.answer;
    while ((await reservations(user.id)) > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await reservations(user.id)).toBe(1);
    await agent.post(path).field('message', 'Nå går det').attach('file', pdfOf(100_000), { filename: 'naa.pdf' }).expect(201);
    second.req.destroy();
    await second.answer;
    while ((await reservations(user.id)) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const after = await stored();
    expect(after.files).toBe(before.files + 2);
    expect(after.attachments).toBe(before.attachments + 2);
  });
});
