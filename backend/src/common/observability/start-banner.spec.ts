import { startBanner } from './start-banner';

describe('startBanner', () => {
  it('names the address and the database, in a few lines', () => {
    const text = startBanner('http://localhost:3000', 'embedded PGlite at ./data/db', null);
    expect(text).toContain('Eierportal is running at http://localhost:3000');
    expect(text).toContain('Database: embedded PGlite at ./data/db');
    expect(text.trim().split('\n').length).toBeLessThanOrEqual(3);
  });

  it('shows the first admin and the generated password on the first start', () => {
    const text = startBanner('http://localhost:3000', 'PostgreSQL', { outcome: 'created', username: 'admin@example.com', generatedPassword: 'c-dqvGrssVjp0S6s' });
    expect(text).toMatch(/First admin: +admin@example\.com/);
    expect(text).toMatch(/Password: +c-dqvGrssVjp0S6s {2}\(shown once; change it under Settings\)/);
  });

  it('points to ADMIN_PASSWORD when the password was configured, and says when an admin was made active again', () => {
    expect(startBanner('u', 'd', { outcome: 'created', username: 'sjef@example.com' })).toContain('the one in ADMIN_PASSWORD');
    expect(startBanner('u', 'd', { outcome: 'restored', username: 'sjef@example.com' })).toContain('sjef@example.com is an admin again');
  });
});
