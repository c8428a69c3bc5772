import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';

const INTROSPECTION = '{ __schema { queryType { name } } }';
const browserVisit = (t: TestApp) => t.http.get('/graphql').set('Accept', 'text/html');

/** The assets a page loads: every src and href. */
const assetsOf = (html: string) =>
  [...html.matchAll(/\s(?:src|href)=["']([^"']+)["']/g)].map((match) => match[1]);

describe('the GraphQL explorer with GRAPHQL_EXPLORER=true', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { GRAPHQL_EXPLORER: 'true' });
    ({ apiKey: key } = await t.account());
  });
  afterAll(() => t.close());

  it('is GraphiQL loaded entirely from this server, so it works offline', async () => {
    const page = await browserVisit(t).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('GraphiQL.createFetcher({ url: "/graphql" })');
    const assets = assetsOf(page.text);
    expect(assets.length).toBe(4);
    expect(assets.filter((asset) => !asset.startsWith('/graphiql/'))).toEqual([]);
    expect(page.text).not.toMatch(/https?:\/\//);
    for (const asset of assets) {
      const res = await t.http.get(asset).buffer(true);
      expect({
        asset,
        status: res.status,
        bytes: Number(res.headers['content-length']) > 1000,
      }).toEqual({
        asset,
        status: 200,
        bytes: true,
      });
    }
    const bundle = await t.http
      .get('/graphiql/graphiql.min.js')
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      });
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(String(bundle.body)).toContain('createFetcher');
  });

  it('answers introspection with a key', async () => {
    const res = await t.http
      .post('/graphql')
      .set(bearer(key))
      .send({ query: INTROSPECTION })
      .expect(200);
    expect(res.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });
});

describe('the GraphQL explorer by default', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    ({ apiKey: key } = await t.account());
  });
  afterAll(() => t.close());

  it('serves no page, no assets and no introspection', async () => {
    const page = await browserVisit(t);
    expect(page.text).not.toContain('GraphiQL');
    await t.http.get('/graphiql/graphiql.min.js').expect(404);
    const res = await t.http.post('/graphql').set(bearer(key)).send({ query: INTROSPECTION });
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].message).toMatch(/introspection/i);
  });
});
