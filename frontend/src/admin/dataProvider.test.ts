// @vitest-environment node
/**
 * The data provider against a real local HTTP server: a resource no folder's part names is plain simple-rest on
 * /api/admin, and how server errors come back. Each folder's own cases sit beside its part (e.g. users/usersDataProvider.test.ts).
 */
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { ReauthCancelled, setReauthPrompt } from '../api/client';
import i18n, { loadLanguage } from '../i18n';
import { errorMessage, toFieldErrors } from './httpClient';
import { localDataProviders } from './testing/dataProviderAgainst';

const providerAnswering = localDataProviders();

const ann = { id: 7, username: 'ann@example.com', name: 'Ann', isAdmin: false, isMiniAdmin: false };

describe('users CRUD over simple-rest', () => {
  it('lists with sort, range and the q filter, and reads the total from Content-Range', async () => {
    const { dataProvider, requests } = await providerAnswering(() => ({
      json: [ann],
      headers: { 'Content-Range': 'users 25-25/26' },
    }));
    const result = await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'ann' },
    });
    expect(result).toEqual({ data: [ann], total: 26 });
    const [request] = requests;
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/admin/users');
    expect(JSON.parse(request.query.get('sort')!)).toEqual(['name', 'DESC']);
    expect(JSON.parse(request.query.get('range')!)).toEqual([25, 49]);
    expect(JSON.parse(request.query.get('filter')!)).toEqual({ q: 'ann' });
    expect(request.headers.range).toBe('users=25-49');
  });

  it('refuses a list answer without Content-Range rather than guessing the total', async () => {
    const { dataProvider } = await providerAnswering(() => ({ json: [ann] }));
    await expect(
      dataProvider.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toThrow(/Content-Range/);
  });

  it('gets, updates, creates and deletes on the user URLs', async () => {
    const { dataProvider, requests } = await providerAnswering((req) => ({ json: { ...ann, ...(req.body as object) } }));
    await dataProvider.getOne('users', { id: 7 });
    await dataProvider.update('users', { id: 7, data: { name: 'Anne' }, previousData: ann });
    await dataProvider.create('users', { data: { username: 'bo@example.com', name: 'Bo', password: 'secret1' } });
    await dataProvider.delete('users', { id: 7, previousData: ann });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/admin/users/7',
      'PUT /api/admin/users/7',
      'POST /api/admin/users',
      'DELETE /api/admin/users/7',
    ]);
    expect(requests[1].body).toEqual({ name: 'Anne' });
    expect(requests[1].headers['content-type']).toBe('application/json');
    expect(requests[2].body).toEqual({ username: 'bo@example.com', name: 'Bo', password: 'secret1' });
  });
});

describe('server errors', () => {
  it("carry the server's message and status", async () => {
    const { dataProvider } = await providerAnswering(() => ({
      status: 409,
      json: { message: 'En bruker med denne e-postadressen finnes allerede' },
    }));
    const error = await dataProvider.create('users', { data: { username: 'ann@example.com' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'En bruker med denne e-postadressen finnes allerede', status: 409 });
  });

  it('turn field errors into { field: message } so the form marks the fields', async () => {
    const { dataProvider } = await providerAnswering(() => ({
      status: 400,
      json: {
        message: 'Passord må være minst 6 tegn',
        errors: [
          { field: 'password', message: 'Passord må være minst 6 tegn' },
          { field: 'phoneNumber', message: 'Telefonnummer kan ikke være lengre enn 20 tegn' },
        ],
      },
    }));
    const error = (await dataProvider.create('users', { data: {} }).catch((e: unknown) => e)) as HttpError;
    expect(error.message).toBe('Passord må være minst 6 tegn');
    expect(error.body.errors).toEqual({
      password: 'Passord må være minst 6 tegn',
      phoneNumber: 'Telefonnummer kan ikke være lengre enn 20 tegn',
    });
  });

  it('fall back to the status text when the body says nothing', async () => {
    const { dataProvider } = await providerAnswering(() => ({ status: 503, text: '' }));
    const error = (await dataProvider.unblockUser(7).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(503);
    expect(error.message).toBe('Service Unavailable');
  });

  it('keep the first message when a field is reported twice', () => {
    expect(
      toFieldErrors([
        { field: 'username', message: 'E-post er påkrevd' },
        { field: 'username', message: 'E-postadresse må være gyldig' },
      ]),
    ).toEqual({ username: 'E-post er påkrevd' });
    expect(toFieldErrors([])).toBeUndefined();
  });
});

describe('server errors in the reader’s language', () => {
  it('say the catalogue’s errors.<code> and each field’s rule in English as in Norwegian, not the server’s Norwegian', async () => {
    await loadLanguage('en');
    await i18n.changeLanguage('en');
    try {
      const { dataProvider } = await providerAnswering((req) =>
        req.method === 'POST'
          ? { status: 400, json: { message: 'Navnet kan ikke være lengre enn 255 tegn', code: 'validation', errors: [{ field: 'name', message: 'Navnet kan ikke være lengre enn 255 tegn', code: 'too_long', params: { max: 255 } }] } }
          : { status: 404, json: { message: 'Brukeren finnes ikke', code: 'user_not_found' } },
      );
      const missing = await dataProvider.getOne('users', { id: 9 }).catch((e: unknown) => e);
      expect(errorMessage(missing)).toBe('User not found');
      const invalid = (await dataProvider.create('users', { data: {} }).catch((e: unknown) => e)) as HttpError;
      expect(invalid.message).toBe('At most 255 characters (name)');
      expect(invalid.body.errors).toEqual({ name: 'At most 255 characters' });
      // A code the catalogue does not know keeps the server's text.
      expect(toFieldErrors([{ field: 'x', message: 'Særskilt', code: 'no_such_code' }])).toEqual({ x: 'Særskilt' });
    } finally {
      await i18n.changeLanguage('nb');
    }
  });
});

describe('a change the server wants re-authenticated first', () => {
  const refusal = { status: 403, json: { code: 'reauth_required', message: 'Bekreft at det er deg: skriv inn passordet på nytt' } };

  it('asks the dialog and, once the person proved it, sends the same call again', async () => {
    let proved = false;
    const { dataProvider, requests } = await providerAnswering(() => (proved ? { status: 200, json: { message: 'Passordet er endret' } } : refusal));
    let asked = 0;
    const remove = setReauthPrompt(async () => {
      asked++;
      proved = true;
      return true;
    });
    try {
      await expect(dataProvider.changeUserPassword(7, 'nytt-passord')).resolves.toEqual({ message: 'Passordet er endret' });
    } finally {
      remove();
    }
    expect(asked).toBe(1);
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/admin/users/7/change-password', { newPassword: 'nytt-passord' }],
      ['POST', '/api/admin/users/7/change-password', { newPassword: 'nytt-passord' }],
    ]);
  });

  it('sends nothing more when the dialog is cancelled, and says so without an error of the server', async () => {
    const { dataProvider, requests } = await providerAnswering(() => refusal);
    const remove = setReauthPrompt(async () => false);
    try {
      await expect(dataProvider.update('users', { id: 7, data: { email: 'ny@example.com' }, previousData: ann })).rejects.toBeInstanceOf(ReauthCancelled);
    } finally {
      remove();
    }
    expect(requests).toHaveLength(1);
  });

  it('without a dialog up, is the server\'s refusal as it came', async () => {
    const { dataProvider } = await providerAnswering(() => refusal);
    const error = await dataProvider.restoreBackup('x.ndjson.gz').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 403, body: { code: 'reauth_required' } });
  });
});
