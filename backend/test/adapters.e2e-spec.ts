import { createHash } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { FileStore, RejectedFile, sniffContentType } from '../src/common/adapters/file-store';
import { JobQueue } from '../src/jobs/job-queue.service';
import { MAIL_QUEUE, MailQueue } from '../src/mail/mail-queue.service';
import { TestApp } from './helpers/test-app';

/** The outside-world adapters that keep state in the database: mail sent through the Mailer into the mail outbox, and the FileStore. */

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A local SMTP server on 127.0.0.1 that keeps what it receives (or refuses every recipient). */
async function smtpServer(refuse = false): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (_address, _session, cb) => (refuse ? cb(new Error('mailbox unavailable')) : cb()),
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString() });
        cb();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((ok) => server.close(() => ok())) };
}

const outbox = (t: TestApp) => t.app.get(DataSource).query('SELECT "to", subject, text, status, error FROM mail_outbox ORDER BY id');

describe('Mailer on SMTP_URL', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    smtp = await smtpServer();
    t = await TestApp.start({ SMTP_URL: smtp.url, MAIL_FROM: 'Eierportal <portal@example.no>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends through the SMTP server and records the message as sent', async () => {
    const entry = await t.app.get(MailQueue).send({ to: 'eier@example.no', subject: 'Velkommen', text: 'Hei og velkommen!' });
    expect(entry).toMatchObject({ to: 'eier@example.no', subject: 'Velkommen', status: 'sent', error: null });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'portal@example.no', to: ['eier@example.no'] });
    expect(smtp.received[0].data).toMatch(/Subject: Velkommen/);
    expect(smtp.received[0].data).toMatch(/Hei og velkommen!/);
    expect(await outbox(t)).toEqual([{ to: 'eier@example.no', subject: 'Velkommen', text: 'Hei og velkommen!', status: 'sent', error: null }]);
  });
});

describe('secrets in queued mail (a password-reset link)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    smtp = await smtpServer();
    t = await TestApp.start({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('reach the recipient, but neither the job queue nor the outbox keeps them in clear', async () => {
    const { agent: admin } = await t.loginAs('admin');
    const owner = await t.createUser('user');
    const { body } = await admin.post(`/api/admin/users/${owner.id}/reset-password`).expect(200);
    const token = new URL(body.resetLink).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);
    await t.app.get(MailQueue).whenDrained();
    // Quoted-printable may fold the line: the token arrives, whole.
    expect(smtp.received.map((m) => m.data.replace(/=\r?\n/g, '')).join('')).toContain(token);
    const jobs = await t.app.get(JobQueue).jobs(MAIL_QUEUE);
    expect(jobs.length).toBeGreaterThan(0);
    expect(JSON.stringify(jobs.map((j) => j.data))).not.toContain(token);
    const rows: { text: string; status: string }[] = await t.app.get(DataSource).query('SELECT text, status FROM mail_outbox');
    expect(rows).toEqual([{ text: expect.stringContaining('reset-password?token=[fjernet]'), status: 'sent' }]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('finished mail jobs are deleted after an hour, waiting ones after a day', async () => {
    const queue = await (await t.app.get(JobQueue).started()).getQueue(MAIL_QUEUE);
    expect(queue).toMatchObject({ deleteAfterSeconds: 3600, retentionSeconds: 86400 });
  });
});

describe('Mailer when the SMTP server refuses', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    smtp = await smtpServer(true);
    t = await TestApp.start({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('records the message as failed with the error, without throwing', async () => {
    const entry = await t.app.get(MailQueue).send({ to: 'borte@example.no', subject: 'Hei', text: 'Tekst' });
    expect(entry.status).toBe('failed');
    expect(entry.error).toMatch(/mailbox unavailable/);
    expect((await outbox(t))[0]).toMatchObject({ status: 'failed', error: entry.error });
  });
});

describe('Mailer without SMTP_URL, and the FileStore', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('records a message as not sent', async () => {
    const entry = await t.app.get(MailQueue).send({ to: 'eier@example.no', subject: 'Kvittering', text: 'Takk' });
    expect(entry).toMatchObject({ status: 'not-sent', error: null });
    expect(await outbox(t)).toEqual([{ to: 'eier@example.no', subject: 'Kvittering', text: 'Takk', status: 'not-sent', error: null }]);
  });

  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0xff, 0x00])]);

  it('keeps a file with its size, sniffed type and checksum, gives it back byte for byte, and deletes it', async () => {
    const files = t.app.get(FileStore);
    const stored = await files.put(PNG, 'C:\\Users\\eier\\bilde av taket.txt');
    expect(stored).toMatchObject({
      byteSize: PNG.length,
      contentType: 'image/png', // by its bytes, not by its name
      sha256: createHash('sha256').update(PNG).digest('hex'),
      originalName: 'bilde av taket.png', // the last path segment, with the extension of its type
    });
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    const back = await files.get(stored.id);
    expect(back!.content.equals(PNG)).toBe(true);
    expect(back).toMatchObject({ id: stored.id, contentType: 'image/png' });

    expect(await files.delete(stored.id)).toBe(true);
    expect(await files.get(stored.id)).toBeNull();
    expect(await files.delete(stored.id)).toBe(false);
    expect(await files.get('not-an-id')).toBeNull();
  });

  it('refuses empty, oversized and unknown content', async () => {
    const files = t.app.get(FileStore);
    await expect(files.put(Buffer.alloc(0), 'tom.pdf')).rejects.toThrow(RejectedFile);
    await expect(files.put(Buffer.from('MZ\x90\x00 not a document'), 'faktura.pdf')).rejects.toThrow(/not a PDF/);
    await expect(files.put(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]), 'stor.pdf')).rejects.toThrow(/larger than/);
    expect((await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM stored_files'))[0].n).toBe(0);
  });

  it('tells the allowed types by their magic numbers', () => {
    expect(sniffContentType(Buffer.from('%PDF-1.4\n...'))).toBe('application/pdf');
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffContentType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(sniffContentType(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffContentType(Buffer.from('\x00\x00\x00\x18ftypheic'))).toBe('image/heic');
    expect(sniffContentType(Buffer.from('<html>'))).toBeNull();
  });
});
