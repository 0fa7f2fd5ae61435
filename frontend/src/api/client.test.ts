// @vitest-environment node
// Runs against a real local HTTP server, so the wrapper is tested with real fetch, status lines and bodies.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInstance } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import nb from '../i18n/nb.json';
import { ApiError, apiJson, apiRequest, codedText, errorText, ReauthCancelled, setReauthPrompt } from './client';

let server: Server;
let base: string;
let lastRequest: { method?: string; contentType?: string; body: string } | undefined;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    lastRequest = { method: req.method, contentType: req.headers['content-type'], body: await readBody(req) };
    switch (req.url) {
      case '/ok':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ hello: 'world' }));
        break;
      case '/empty':
        res.writeHead(204).end();
        break;
      case '/json-error':
        res
          .writeHead(400, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ message: 'Nåværende passord er feil', errors: [{ field: 'currentPassword', message: 'Nåværende passord er feil' }] }));
        break;
      case '/coded-error':
        res
          .writeHead(403, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ message: 'Kontoen er blokkert: Ubetalt', code: 'account_blocked_reason', params: { reason: 'Ubetalt' } }));
        break;
      case '/reauth-required':
        res.writeHead(403, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Bekreft at det er deg', code: 'reauth_required' }));
        break;
      case '/unknown-code':
        res.writeHead(409, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Noe nytt', code: 'something_new' }));
        break;
      case '/text-error':
        res.writeHead(500, 'Internal Server Error').end('database down');
        break;
      case '/bare-error':
        res.writeHead(404, 'Not Found').end();
        break;
      default:
        res.writeHead(418).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetch wrapper', () => {
  it('parses a JSON answer and sends no body without a payload', async () => {
    await expect(apiJson('GET', `${base}/ok`)).resolves.toEqual({ hello: 'world' });
    expect(lastRequest).toEqual({ method: 'GET', contentType: undefined, body: '' });
  });

  it('sends a payload as JSON', async () => {
    await apiJson('POST', `${base}/ok`, { username: 'a@b.no', password: 'x' });
    expect(lastRequest?.contentType).toBe('application/json');
    expect(JSON.parse(lastRequest!.body)).toEqual({ username: 'a@b.no', password: 'x' });
  });

  it('gives undefined for an empty answer', async () => {
    await expect(apiJson('DELETE', `${base}/empty`)).resolves.toBeUndefined();
  });

  it('turns a JSON error into "status: body" and exposes the server message and field errors', async () => {
    const error = await apiRequest('PUT', `${base}/json-error`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe(
      '400: {"message":"Nåværende passord er feil","errors":[{"field":"currentPassword","message":"Nåværende passord er feil"}]}',
    );
    expect(apiError.serverMessage).toBe('Nåværende passord er feil');
    expect(apiError.errors).toEqual([{ field: 'currentPassword', message: 'Nåværende passord er feil' }]);
    expect(errorText(apiError, 'fallback')).toBe('Nåværende passord er feil');
  });

  it('uses the body text of a non-JSON error, and the status text when the body is empty', async () => {
    const textError = (await apiRequest('GET', `${base}/text-error`).catch((e: unknown) => e)) as ApiError;
    expect(textError.message).toBe('500: database down');
    expect(textError.serverMessage).toBeUndefined();
    expect(errorText(textError, 'fallback')).toBe('500: database down');

    const bareError = (await apiRequest('GET', `${base}/bare-error`).catch((e: unknown) => e)) as ApiError;
    expect(bareError.message).toBe('404: Not Found');
  });
});

describe('re-authentication (docs/security.md#re-authentication)', () => {
  it('throws reauth_required as it came while no screen offers the dialog', async () => {
    await expect(apiRequest('PUT', `${base}/reauth-required`, {})).rejects.toMatchObject({ status: 403, code: 'reauth_required' });
  });

  it('asks the prompt once, sends the call once more after it, and stops with ReauthCancelled when it is cancelled', async () => {
    let asked = 0;
    const remove = setReauthPrompt(async () => ++asked === 2);
    try {
      // Cancelled: the call is not sent again.
      await expect(apiRequest('PUT', `${base}/reauth-required`, { a: 1 })).rejects.toBeInstanceOf(ReauthCancelled);
      // Proved, but the server still refuses: the second answer is thrown, and the prompt is not asked a third time.
      await expect(apiRequest('PUT', `${base}/reauth-required`, { a: 2 })).rejects.toMatchObject({ status: 403, code: 'reauth_required' });
      expect(asked).toBe(2);
      expect(JSON.parse(lastRequest!.body)).toEqual({ a: 2 });
    } finally {
      remove();
    }
    await expect(apiRequest('PUT', `${base}/reauth-required`, {})).rejects.toBeInstanceOf(ApiError);
    expect(asked).toBe(2);
  });
});

describe('coded server messages', () => {
  const catalogue = (lng: 'nb' | 'en') => {
    const i18n = createInstance();
    void i18n.init({ lng, resources: { nb: { translation: nb }, en: { translation: en } }, initAsync: false, interpolation: { escapeValue: false } });
    return i18n;
  };

  it('renders a known code from the catalogue in the user language, with its params', async () => {
    const error = (await apiRequest('POST', `${base}/coded-error`).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('account_blocked_reason');
    expect(error.params).toEqual({ reason: 'Ubetalt' });
    expect(errorText(error, 'fallback', catalogue('en'))).toBe('The account is blocked: Ubetalt');
    expect(errorText(error, 'fallback', catalogue('nb'))).toBe('Kontoen er blokkert: Ubetalt');
  });

  it('falls back to the server text for a code the catalogue does not know', async () => {
    const error = (await apiRequest('GET', `${base}/unknown-code`).catch((e: unknown) => e)) as ApiError;
    expect(errorText(error, 'fallback', catalogue('en'))).toBe('Noe nytt');
  });

  it('renders a stored warning the same way', () => {
    expect(codedText({ code: 'invalid_sort_field', params: { field: 'etag' } }, 'fallback', catalogue('en'))).toBe('Cannot sort by etag');
    expect(codedText({ code: 'not_in_catalogue' }, 'fallback', catalogue('en'))).toBe('fallback');
  });
});
