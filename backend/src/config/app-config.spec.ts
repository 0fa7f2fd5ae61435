import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', databaseUrl: undefined, businessTimeZone: 'Europe/Oslo', runJobs: true });
    expect(c.feeds).toMatchObject({ syncMinutes: 15, allowPrivateHosts: false, staleHours: 24 });
    expect(c.dataDir).toMatch(/data$/);
    expect(c).toMatchObject({ smtpUrl: undefined, mailFrom: 'Eierportal <noreply@localhost>', jobs: { superviseSeconds: 20 } });
  });

  it.each([
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL is not a valid URL/],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, /must start with postgres:\/\//],
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ TZ_BUSINESS: 'Mars/Olympus' }, /TZ_BUSINESS must be an IANA time zone/],
    [{ COOKIE_SECURE: 'maybe' }, /COOKIE_SECURE must be true or false/],
    [{ SMTP_URL: 'mail.example.no' }, /SMTP_URL must look like smtp:\/\//],
    [{ SMTP_URL: 'https://mail.example.no' }, /SMTP_URL must look like smtp:\/\//],
    [{ JOB_SUPERVISE_SECONDS: '0' }, /JOB_SUPERVISE_SECONDS must be a whole number from 1 to 300/],
    [{ TRANSLATE_URL: 'translate.local' }, /TRANSLATE_URL must be an http\(s\) URL/],
  ])('refuses %o with one clear sentence', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
