import { registeredRoutes } from './helpers/routes';
import { PASSWORD, TestApp } from './helpers/test-app';

interface Operation {
  description?: string;
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  'x-access'?: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorResponse' };
const STALE_HINT = 'if a DTO or handler changed, run `npm run metadata -w backend` (src/metadata.ts is generated)';

/** 'GET /api/users/:id' → ['/api/users/{id}', 'get'] */
const toOpenApi = (route: string): [string, string] => {
  const [method, path] = route.split(' ');
  return [path.replace(/:(\w+)/g, '{$1}'), method.toLowerCase()];
};

describe('the OpenAPI contract (/api/docs)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await TestApp.start();
    doc = (await t.anon().get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('serves the document as a page too', async () => {
    const page = await t.anon().get('/api/docs').redirects(1).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('has every registered route, with an answer schema, its access rule and the error schema', () => {
    const problems: string[] = [];
    for (const { route, level } of registeredRoutes(t)) {
      const [path, method] = toOpenApi(route);
      const op = doc.paths[path]?.[method];
      if (!op) {
        problems.push(`${route}: missing from the document`);
        continue;
      }
      const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
      if (!success.some(([, answer]) => Object.values(answer.content ?? {}).some((media) => media.schema))) problems.push(`${route}: no answer schema`);
      if (op['x-access'] !== level || !op.description?.includes(`Access: ${level}`)) problems.push(`${route}: access note missing or not "${level}"`);
      if (level !== 'public' && !(op.security ?? []).length) problems.push(`${route}: no session security`);
      const errorStatuses = level === 'public' ? ['default'] : ['401', '403', 'default'];
      for (const status of errorStatuses) {
        if (JSON.stringify(op.responses[status]?.content?.['application/json']?.schema) !== JSON.stringify(ERROR_SCHEMA)) problems.push(`${route}: ${status} lacks the error schema`);
      }
    }
    expect({ problems, hint: problems.length ? STALE_HINT : '' }).toEqual({ problems: [], hint: '' });
  });

  it('describes answers field by field, request rules included', () => {
    const { schemas } = doc.components;
    expect(schemas.ErrorResponse.required).toEqual(['message', 'code']);
    expect(Object.keys(schemas.ErrorResponse.properties!)).toEqual(expect.arrayContaining(['message', 'code', 'params', 'errors']));
    expect(schemas.UserResponse.properties).toHaveProperty('isMiniAdmin');
    expect(schemas.UserResponse.properties).not.toHaveProperty('passwordHash');
    expect(schemas.UpdateEventDto.properties!.routes).toEqual({ type: 'array', items: { type: 'string', maxLength: 500 } });
    expect(schemas.UpdateEventDto.required ?? []).toEqual([]);
    const putEvent = doc.paths['/api/events/{id}'].put;
    expect(putEvent.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/UpdateEventDto' } } } });
  });
});

describe('error bodies carry a message code', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('names the common cases and keeps the texts', async () => {
    const anon = t.anon();
    expect((await anon.get('/api/user').expect(401)).body).toEqual({ message: 'Du må logge inn', code: 'unauthorized' });
    const { agent } = await t.loginAs('user');
    expect((await agent.get('/api/admin/users').expect(403)).body).toEqual({ message: 'Tilgang nektet: krever administratorrettigheter', code: 'admin_required' });
    expect((await agent.put('/api/events/999999').send({ title: 'x' }).expect(404)).body).toEqual({ message: 'Hendelsen finnes ikke', code: 'event_not_found' });
    const invalid = (await agent.post('/api/events').send({ startTime: '2027-01-10T10:00:00Z' }).expect(400)).body;
    // Each field error names its rule (and the limit it sets), so a client can say it in its reader's language.
    expect(invalid).toEqual({ message: 'Title is required', code: 'validation', errors: [{ field: 'title', message: 'Title is required', code: 'required' }] });
    const long = (await agent.post('/api/events').send({ title: 'x'.repeat(600), startTime: '2027-01-10T10:00:00Z' }).expect(400)).body;
    expect(long.errors).toEqual([{ field: 'title', message: expect.any(String), code: 'too_long', params: { max: 500 } }]);
    // A coded refusal of one field carries the error's own code on the field.
    const offset = (await t.loginAs('admin')).agent;
    const owner = await t.createUser('user');
    const refused = (await offset.post('/api/admin/payouts').send({ userId: owner.id, month: 1, year: 2027, amount: '-5', status: 'offset' }).expect(400)).body;
    expect(refused.errors).toEqual([{ field: 'amount', message: expect.any(String), code: 'payout_offset_negative' }]);
    expect((await agent.get('/api/no-such-route').expect(404)).body.code).toBe('not_found');
  });

  it('passes parameters beside the text', async () => {
    const blocked = await t.createUser('user');
    const admin = await t.createUser('admin');
    await t.users.block(blocked.id, 'Ubetalt faktura', admin);
    const res = await t.anon().post('/api/login').send({ username: blocked.username, password: PASSWORD }).expect(403);
    expect(res.body).toEqual({ message: 'Kontoen er blokkert: Ubetalt faktura', code: 'account_blocked_reason', params: { reason: 'Ubetalt faktura' } });
    const { agent } = await t.loginAs('admin');
    const sort = await agent.get('/api/admin/users').query({ sort: JSON.stringify(['passwordHash', 'ASC']) }).expect(400);
    expect(sort.body).toEqual({ message: 'Kan ikke sortere på passwordHash', code: 'invalid_sort_field', params: { field: 'passwordHash' } });
  });
});
