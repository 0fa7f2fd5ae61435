import request from 'supertest';
import { Lifecycle } from '../src/common/lifecycle';
import { TestApp } from './helpers/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('answers 200 when the database answers', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('sends security headers and no x-powered-by', async () => {
    const res = await request(t.server).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await request(t.server).get('/api/does-not-exist').expect(404);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('live answers while the process runs; ready while the database and job queue answer', async () => {
    expect((await request(t.server).get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    expect((await request(t.server).get('/api/health/ready').expect(200)).body).toEqual({ status: 'ok', database: 'up', jobs: 'up' });
  });

  it('ready answers 503 at once when the instance starts stopping, while the rest is still served', async () => {
    t.app.get(Lifecycle).startDraining();
    const res = await request(t.server).get('/api/health/ready').expect(503);
    expect(res.body).toEqual({ code: 'not_ready', message: expect.any(String), params: { reason: 'draining' } });
    await request(t.server).get('/api/health/live').expect(200);
    await request(t.server).get('/api/health').expect(200);
  });
});
