/**
 * The 'backup' tab against a real local HTTP server playing the API: the history with sizes in B/KB/MB, the
 * automatic flag and counts; creating a backup with progress shown while the server works; restore only after the
 * confirmation, and the server's reason when it refuses; export calendar opening the .ics in a new tab.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Backup } from '../../api/types';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type Answer, type LocalApi } from '../../test/localApi';
import { renderAdmin, rowOf } from '../testing/renderAdmin';
import { formatSize } from './BackupPage';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };

const summary = (eventsCount: number) => ({ eventsCount, icalFeedsCount: 2, icalEventNotesCount: 3, markedDaysCount: 4 });
const version = { schemaVersion: 'BackupsAndGamification1765600000000', restorable: true };
const daily: Backup = { id: 2, filename: 'eierportal-backup-20250602-021700-aaaaaa-auto.ndjson.gz', createdAt: '2025-06-02T00:17:00Z', size: 1536, isAutomatic: true, summary: summary(17), ...version };
const manual: Backup = { id: 1, filename: 'eierportal-backup-20250601-120000-bbbbbb.ndjson.gz', createdAt: '2025-06-01T12:00:00Z', size: 512, isAutomatic: false, summary: summary(11), ...version };
const made: Backup = { id: 3, filename: 'eierportal-backup-20250603-090000-cccccc.ndjson.gz', createdAt: '2025-06-03T09:00:00Z', size: 5 * 1024 * 1024 + 300 * 1024, isAutomatic: false, summary: summary(18), ...version };
/** From before an upgrade: listed, not offered for restore. */
const old: Backup = { id: 0, filename: 'eierportal-backup-20250501-021700-eeeeee-auto.ndjson.gz', createdAt: '2025-05-01T00:17:00Z', size: 2048, isAutomatic: true, summary: summary(9), schemaVersion: 'SystemSettings1765400000000', restorable: false };

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

/** The API with a history; a create is held open until the test lets it answer. */
async function openBackups(me: CurrentUser = ada, options: { restore?: Answer; list?: Answer } = {}) {
  const history = [daily, manual, old];
  let finishCreate: () => void = () => undefined;
  const createHeld = new Promise<void>((resolve) => (finishCreate = resolve));
  api = await startLocalApi(async (req) => {
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/admin/jobs') return { json: [] };
    if (req.method === 'GET' && req.path === '/api/admin/backups') return options.list ?? { json: history };
    if (req.method === 'POST' && req.path === '/api/admin/backups') {
      await createHeld;
      history.unshift(made);
      return { status: 201, json: made };
    }
    if (req.method === 'POST' && req.path.startsWith('/api/admin/backups/restore/')) {
      return options.restore ?? { json: { filename: decodeURIComponent(req.path.split('/').pop()!), tables: 30, rows: 1234, summary: summary(11) } };
    }
    return undefined;
  });
  renderAdmin(api.apiUrl, me.isAdmin ? '/admin/backups' : '/admin/jobs');
  return { api, finishCreate };
}

describe('formatSize', () => {
  it('shows bytes, kilobytes and megabytes in the interface language', () => {
    expect(formatSize(512, 'nb')).toBe('512 B');
    expect(formatSize(1536, 'nb')).toBe('1,5 KB');
    expect(formatSize(1536, 'en')).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024 + 300 * 1024, 'nb')).toBe('5,3 MB');
  });
});

describe('backup tab', () => {
  it('lists the history with name, time, size, automatic flag and counts, and offers the calendar export', async () => {
    const { api } = await openBackups();
    const row = await rowOf(daily.filename);
    expect(within(row).getByText('1,5 KB')).toBeInTheDocument();
    expect(within(row).getByText('Automatisk')).toBeInTheDocument();
    expect(within(row).getByText('17')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    const other = await rowOf(manual.filename);
    expect(within(other).getByText('512 B')).toBeInTheDocument();
    expect(within(other).getByText('Manuell')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Gjenopprett' })).toBeEnabled();
    const older = await rowOf(old.filename);
    expect(within(older).getByText('Annen versjon, kan ikke gjenopprettes her')).toBeInTheDocument();
    expect(within(older).queryByRole('button', { name: 'Gjenopprett' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Sikkerhetskopi/ })).toBeInTheDocument();
    const exportLink = screen.getByRole('link', { name: 'Eksporter kalender' });
    expect(exportLink).toHaveAttribute('href', `${api.apiUrl}/calendar/export-ical`);
    expect(exportLink).toHaveAttribute('target', '_blank');
  });

  it('creates a backup, showing that it works until the server answers, then lists it', async () => {
    const { api, finishCreate } = await openBackups();
    const user = userEvent.setup();
    await rowOf(daily.filename);
    await user.click(screen.getByRole('button', { name: 'Lag sikkerhetskopi' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Lager sikkerhetskopi …')).toBeInTheDocument();
    expect(within(status).getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lag sikkerhetskopi' })).toBeDisabled();
    finishCreate();
    expect(await screen.findByText(`Sikkerhetskopi laget: ${made.filename}`)).toBeInTheDocument();
    expect(within(await rowOf(made.filename)).getByText('5,3 MB')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(api.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/admin/')).map((r) => r.path)).toEqual(['/api/admin/backups']);
  });

  it('restores only after the confirmation', async () => {
    const { api } = await openBackups();
    const user = userEvent.setup();
    await user.click(within(await rowOf(manual.filename)).getByRole('button', { name: 'Gjenopprett' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Gjenopprette sikkerhetskopi?')).toBeInTheDocument();
    expect(within(dialog).getByText(new RegExp(`Alle data erstattes med innholdet i ${manual.filename}`))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Avbryt/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests.some((r) => r.method === 'POST' && r.path.startsWith('/api/admin/'))).toBe(false);

    await user.click(within(await rowOf(manual.filename)).getByRole('button', { name: 'Gjenopprett' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Gjenopprett/ }));
    expect(await screen.findByText(`Gjenopprettet fra ${manual.filename} (1234 rader)`)).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/admin/')).map((r) => r.path)).toEqual([`/api/admin/backups/restore/${manual.filename}`]);
  });

  it("shows the server's reason when a restore is refused", async () => {
    await openBackups(ada, { restore: { status: 422, json: { code: 'backup_truncated', message: 'Sikkerhetskopien er ufullstendig (filen er avkortet)' } } });
    const user = userEvent.setup();
    await user.click(within(await rowOf(daily.filename)).getByRole('button', { name: 'Gjenopprett' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Gjenopprett/ }));
    expect(await screen.findByText('Gjenoppretting feilet: Sikkerhetskopien er ufullstendig (filen er avkortet)')).toBeInTheDocument();
  });

  it('shows an error card when the history cannot be loaded', async () => {
    // The catalogue's text for the code (errors.internal), not the server's own words.
    await openBackups(ada, { list: { status: 500, json: { code: 'internal', message: 'Noe gikk galt' } } });
    expect(await screen.findByText('Kunne ikke hente sikkerhetskopier: En feil oppstod', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('is not offered to a mini admin', async () => {
    await openBackups(mia);
    await screen.findByRole('menuitem', { name: /Jobber/ }, { timeout: 15_000 });
    expect(screen.queryByRole('menuitem', { name: /Sikkerhetskopi/ })).not.toBeInTheDocument();
  });
});
