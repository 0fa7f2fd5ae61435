import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { TestApp } from './helpers/test-app';

const DICTIONARY: Record<string, string> = { 'Velkommen til hytta': 'Welcome to the cabin', 'Welcome to the cabin': 'Velkommen til hytta' };

type FakeService = { server: Server; url: string; requests: Record<string, unknown>[] };
/** The fields the two fake services read from a request body (LibreTranslate's q/target, DeepL's text/source_lang). */
type Posted = { q: string; target: string; text: string[]; source_lang: string };

/** A local HTTP server for JSON POSTs: records each request (path, authorization, body) and sends `answer`'s reply. */
function fakeService(answer: (json: Posted, req: IncomingMessage) => { status: number; body: unknown }): Promise<FakeService> {
  const requests: Record<string, unknown>[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const json = JSON.parse(body) as Posted;
    requests.push({ path: req.url, authorization: req.headers.authorization, ...json });
    const reply = answer(json, req);
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests })));
}

/** LibreTranslate's POST /translate; the text 'feil' makes it fail. */
const fakeLibreTranslate = () =>
  fakeService((json) =>
    json.q === 'feil' ? { status: 500, body: { error: 'model crashed' } } : { status: 200, body: { translatedText: DICTIONARY[json.q] ?? `[${json.target}] ${json.q}` } },
  );

/** DeepL's POST /v2/translate, which accepts only `key`. */
const fakeDeepL = (key: string) =>
  fakeService((json, req) =>
    req.headers.authorization !== `DeepL-Auth-Key ${key}`
      ? { status: 403, body: { message: 'Wrong endpoint or authentication key' } }
      : { status: 200, body: { translations: json.text.map((text: string) => ({ detected_source_language: json.source_lang, text: DICTIONARY[text] ?? text })) } },
  );

describe('/api/translate', () => {
  describe('with LibreTranslate configured', () => {
    let t: TestApp;
    let fake: FakeService;
    beforeAll(async () => {
      fake = await fakeLibreTranslate();
      t = await TestApp.start({ TRANSLATE_URL: fake.url });
    });
    afterAll(async () => {
      await t.close();
      fake.server.close();
    });

    it('tells the app that translation is offered', async () => {
      const { agent } = await t.loginAs('user');
      expect((await agent.get('/api/translate').expect(200)).body).toEqual({ available: true });
    });

    it('translates Norwegian to English and back', async () => {
      const { agent } = await t.loginAs('user');
      const en = await agent.post('/api/translate').send({ text: 'Velkommen til hytta', targetLanguage: 'en', sourceLanguage: 'no' }).expect(200);
      expect(en.body).toEqual({ success: true, translatedText: 'Welcome to the cabin', error: null });
      expect(fake.requests.at(-1)).toMatchObject({ path: '/translate', q: 'Velkommen til hytta', source: 'nb', target: 'en', format: 'text' });
      const nb = await agent.post('/api/translate').send({ text: 'Welcome to the cabin', targetLanguage: 'nb' }).expect(200);
      expect(nb.body.translatedText).toBe('Velkommen til hytta');
      expect(fake.requests.at(-1)).toMatchObject({ source: 'en', target: 'nb' });
    });

    it('reports a failing service as success: false with the reason', async () => {
      const { agent } = await t.loginAs('user');
      const res = await agent.post('/api/translate').send({ text: 'feil', targetLanguage: 'en' }).expect(200);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(/500/);
    });

    it('refuses empty text with the documented texts', async () => {
      const { agent } = await t.loginAs('user');
      expect((await agent.post('/api/translate').send({ text: '  ', targetLanguage: 'en' }).expect(400)).body.message).toBe('No text provided for translation');
    });
  });

  describe('with nothing configured', () => {
    let t: TestApp;
    beforeAll(async () => (t = await TestApp.start()));
    afterAll(() => t.close());

    it('tells the app that translation is not offered', async () => {
      const { agent } = await t.loginAs('user');
      expect((await agent.get('/api/translate').expect(200)).body).toEqual({ available: false });
    });

    it('answers success: false with an error naming the settings as they are spelled', async () => {
      const { agent } = await t.loginAs('user');
      const res = await agent.post('/api/translate').send({ text: 'Hei', targetLanguage: 'en' }).expect(200);
      expect(res.body).toEqual({ success: false, translatedText: null, error: expect.stringMatching(/not configured/) });
      expect(res.body.error).toContain('TRANSLATE_URL and TRANSLATE_API_KEY');
    });
  });

  describe('with DeepL configured', () => {
    let t: TestApp;
    let fake: FakeService;
    beforeAll(async () => {
      fake = await fakeDeepL('test-key:fx');
      t = await TestApp.start({ DEEPL_API_KEY: 'test-key:fx', DEEPL_API_URL: fake.url });
    });
    afterAll(async () => {
      await t.close();
      fake.server.close();
    });

    it('sends the key and DeepL’s language codes, and answers the translation', async () => {
      const { agent } = await t.loginAs('user');
      const res = await agent.post('/api/translate').send({ text: 'Velkommen til hytta', targetLanguage: 'en', sourceLanguage: 'no' }).expect(200);
      expect(res.body).toEqual({ success: true, translatedText: 'Welcome to the cabin', error: null });
      expect(fake.requests.at(-1)).toMatchObject({ path: '/v2/translate', authorization: 'DeepL-Auth-Key test-key:fx', text: ['Velkommen til hytta'], source_lang: 'NB', target_lang: 'EN-GB' });
      await agent.post('/api/translate').send({ text: 'Welcome to the cabin', targetLanguage: 'nb' }).expect(200);
      expect(fake.requests.at(-1)).toMatchObject({ source_lang: 'EN', target_lang: 'NB' });
    });
  });

  describe('with a DeepL key the service refuses', () => {
    let t: TestApp;
    let fake: FakeService;
    beforeAll(async () => {
      fake = await fakeDeepL('the-right-key');
      t = await TestApp.start({ DEEPL_API_KEY: 'a-wrong-key', DEEPL_API_URL: fake.url });
    });
    afterAll(async () => {
      await t.close();
      fake.server.close();
    });

    it('answers success: false with the service’s status', async () => {
      const { agent } = await t.loginAs('user');
      const res = await agent.post('/api/translate').send({ text: 'Hei', targetLanguage: 'en' }).expect(200);
      expect(res.body).toMatchObject({ success: false, translatedText: null, error: expect.stringMatching(/403/) });
      expect(res.body.error).toContain('DEEPL_API_KEY');
    });
  });

  describe('with a LibreTranslate key the service refuses', () => {
    let t: TestApp;
    let fake: FakeService;
    beforeAll(async () => {
      // LibreTranslate answers 403 to a wrong api_key in the body
      fake = await fakeService((json) => ((json as Posted & { api_key?: string }).api_key === 'the-right-key' ? { status: 200, body: { translatedText: 'ok' } } : { status: 403, body: { error: 'Invalid API key' } }));
      t = await TestApp.start({ TRANSLATE_URL: fake.url, TRANSLATE_API_KEY: 'a-wrong-key' });
    });
    afterAll(async () => {
      await t.close();
      fake.server.close();
    });

    it('answers success: false with an error naming TRANSLATE_API_KEY', async () => {
      const { agent } = await t.loginAs('user');
      expect((await agent.get('/api/translate').expect(200)).body).toEqual({ available: true });
      const res = await agent.post('/api/translate').send({ text: 'Hei', targetLanguage: 'en' }).expect(200);
      expect(res.body).toMatchObject({ success: false, translatedText: null, error: expect.stringMatching(/^403 .*TRANSLATE_API_KEY/) });
      expect(fake.requests.at(-1)).toMatchObject({ api_key: 'a-wrong-key' });
    });
  });
});
