import { createKeywords } from '../factories/keyword.factory.js';
import { insertAlert } from '../factories/alert.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

interface IssuedToken {
  rss_url: string;
  atom_url: string;
}

const FORGED = {
  Host: 'alerts.test',
  'X-Forwarded-Proto': 'http',
  'X-Forwarded-Host': 'evil.example',
};

/** The links the service hands out (token URLs, feed documents) under each public-URL setting. */
describe.each(testDatabaseKinds())('public feed URLs on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function issueAndFetch(env: Record<string, string>, headers: Record<string, string>) {
    t = await createTestApp(kind, env);
    const { apiKey, accountId } = await t.account();
    const [keyword] = await createKeywords(t, apiKey, ['acme corp']);
    await insertAlert(t, { accountId, keywordId: keyword.id, keywordText: keyword.text });
    const issued = (
      await t.http.post('/api/v1/feeds/token').set(bearer(apiKey)).set(headers).expect(201)
    ).body as IssuedToken;
    const documents = await Promise.all(
      [issued.rss_url, issued.atom_url].map(
        async (url) => (await t!.http.get(new URL(url).pathname).set(headers).expect(200)).text,
      ),
    );
    return { issued, documents };
  }

  it('never puts a forwarded host into token URLs or feed documents by default', async () => {
    const { issued, documents } = await issueAndFetch({}, FORGED);

    expect(issued.rss_url).toMatch(/^http:\/\/alerts\.test\/feeds\/feed_/);
    for (const text of [issued.rss_url, issued.atom_url, ...documents]) {
      expect(text).not.toContain('evil.example');
    }
    expect(documents[1]).toContain('http://alerts.test/feeds/');
  });

  it('uses PUBLIC_BASE_URL whatever the request headers say', async () => {
    const { issued, documents } = await issueAndFetch(
      { PUBLIC_BASE_URL: 'https://alerts.example.com/' },
      FORGED,
    );

    expect(issued.rss_url).toMatch(
      /^https:\/\/alerts\.example\.com\/feeds\/feed_[^/]+\/alerts\.rss$/,
    );
    expect(issued.atom_url).toMatch(
      /^https:\/\/alerts\.example\.com\/feeds\/feed_[^/]+\/alerts\.atom$/,
    );
    for (const text of documents) {
      expect(text).toContain('https://alerts.example.com/feeds/');
      expect(text).not.toContain('evil.example');
      expect(text).not.toContain('alerts.test');
    }
  });

  it('takes the forwarded scheme and host under TRUST_PROXY', async () => {
    const { issued, documents } = await issueAndFetch(
      { TRUST_PROXY: 'true' },
      { ...FORGED, 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'alerts.example.com' },
    );

    expect(issued.rss_url).toMatch(/^https:\/\/alerts\.example\.com\/feeds\//);
    expect(documents[1]).toContain('https://alerts.example.com/feeds/');
  });
});
