import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations';
import { SecretsAtRest1765920000000 } from '../src/database/migrations/1765920000000-secrets-at-rest';
import { redactSecrets } from '../src/mail/mail-outbox.store';
import { migrationDatabase } from './helpers/migration-database';

describe('migration that takes secrets out of the kept mail', () => {
  jest.setTimeout(60_000);
  const db = migrationDatabase();
  let ds: DataSource;

  it('the outbox rows lose their links’ secrets, as the outbox records new mail; other text stays', async () => {
    const index = migrations.indexOf(SecretsAtRest1765920000000);
    ds = await db.upTo(index);
    const texts = [
      'Hei Kari,\n\nBruk denne lenken:\nhttps://portal.example.no/reset-password?token=Zm9vYmFy_-123\n\nHilsen',
      'Abonner: https://portal.example.no/api/ical/7?token=abc&lang=nb og https://x.example/?a=1&KEY=hemmelig#frag',
      'Ingen lenke her, bare token=uten-spørsmålstegn',
    ];
    for (const text of texts) await ds.query(`INSERT INTO mail_outbox ("to", subject, text, status) VALUES ('kari@example.no', 'Emne', $1, 'sent')`, [text]);

    ds = await db.upTo(index + 1);
    const after: string[] = (await ds.query('SELECT text FROM mail_outbox ORDER BY id')).map((r: { text: string }) => r.text);
    expect(after).toEqual(texts.map(redactSecrets));
    expect(after[0]).toContain('reset-password?token=[fjernet]\n');
    expect(after[1]).toBe('Abonner: https://portal.example.no/api/ical/7?token=[fjernet]&lang=nb og https://x.example/?a=1&KEY=[fjernet]#frag');
    expect(after[2]).toBe(texts[2]);
  });
});
