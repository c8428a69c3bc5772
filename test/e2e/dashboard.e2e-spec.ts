import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { listenOnLoopback } from '../utils/browser.js';
import { sendRaw } from '../utils/raw-http.js';

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The budget for the JavaScript and CSS of the first load, compressed. */
const FIRST_LOAD_BUDGET = 300 * 1024;

/** A GET as a browser sends it; the body stays as sent (Node's client decompresses nothing). */
const get = (port: number, path: string, headers: Record<string, string> = {}) =>
  sendRaw(port, { method: 'GET', path, headers });

/** The scripts and stylesheets index.html loads: the whole first load, the app being one bundle. */
const firstLoadAssets = (html: string) =>
  [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);

describe('the dashboard client served at /dashboard', () => {
  let t: TestApp;
  let port: number;
  let index: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    port = Number(new URL(await listenOnLoopback(t)).port);
    const page = await get(port, '/dashboard');
    if (page.status !== 200) {
      throw new Error(`GET /dashboard answered ${page.status}: run npm run build first`);
    }
    index = page.body.toString('utf8');
  });
  afterAll(() => t.close());

  it('answers /dashboard, /dashboard/login and every client route with index.html, revalidated on each load', async () => {
    for (const path of [
      '/dashboard',
      '/dashboard/',
      '/dashboard/login',
      '/dashboard/webhooks/some-id',
    ]) {
      const res = await get(port, path);
      expect({ path, status: res.status, type: res.headers['content-type'] }).toEqual({
        path,
        status: 200,
        type: 'text/html; charset=utf-8',
      });
      expect(res.body.toString('utf8')).toBe(index);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeDefined();
    }
    expect(index).toContain('<div id="root"></div>');
  });

  it('sends the strict Content-Security-Policy, nosniff and a Referrer-Policy on its pages and assets', async () => {
    for (const path of ['/dashboard/login', firstLoadAssets(index)[0]]) {
      const res = await get(port, path);
      expect({
        path,
        csp: res.headers['content-security-policy'],
        nosniff: res.headers['x-content-type-options'],
        referrer: res.headers['referrer-policy'],
      }).toEqual({ path, csp: CSP, nosniff: 'nosniff', referrer: 'no-referrer' });
    }
  });

  it('loads only its own hashed assets, cached for a year as immutable', async () => {
    const assets = firstLoadAssets(index);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/dashboard\/assets\/[\w-]+-[\w-]{8}\.(js|css)$/);
      const res = await get(port, asset);
      expect({ asset, status: res.status, cache: res.headers['cache-control'] }).toEqual({
        asset,
        status: 200,
        cache: IMMUTABLE,
      });
    }
    expect(index).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('serves the precompressed file the browser accepts, brotli first, with Vary: Accept-Encoding', async () => {
    const [script] = firstLoadAssets(index);
    const plain = await get(port, script);
    const brotli = await get(port, script, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    const gzip = await get(port, script, { 'Accept-Encoding': 'gzip' });
    const noBrotli = await get(port, script, { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, brotli, gzip]) {
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
    }
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await get(port, '/dashboard', { 'Accept-Encoding': 'br' });
    const again = await get(port, '/dashboard', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers a missing file with a 404 { error, code }, not with the page', async () => {
    for (const path of ['/dashboard/assets/missing-12345678.js', '/dashboard/robots.txt']) {
      const res = await get(port, path);
      expect({ path, status: res.status, body: JSON.parse(res.body.toString('utf8')) }).toEqual({
        path,
        status: 404,
        body: { error: 'Route not found', code: 'not_found' },
      });
    }
    const post = await t.http.post('/dashboard').send({});
    expect(post.status).toBe(404);
    expect(post.body.code).toBe('not_found');
  });

  it('keeps the JavaScript and CSS of the first load within 300 KB compressed', async () => {
    const sizes = await Promise.all(
      firstLoadAssets(index).map(async (asset) => {
        const [br, gzip] = await Promise.all([
          get(port, asset, { 'Accept-Encoding': 'br' }),
          get(port, asset, { 'Accept-Encoding': 'gzip' }),
        ]);
        return { br: br.body.length, gzip: gzip.body.length };
      }),
    );
    const total = (encoding: 'br' | 'gzip') => sizes.reduce((sum, size) => sum + size[encoding], 0);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    process.stdout.write(
      `dashboard first load, JS+CSS: ${kb(total('br'))} brotli, ${kb(total('gzip'))} gzip\n`,
    );
    expect(total('gzip')).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });
});

describe('the dashboard before the client is built', () => {
  let t: TestApp;
  let emptyDir: string;

  beforeAll(async () => {
    emptyDir = mkdtempSync(join(tmpdir(), 'dashboard-unbuilt-'));
    t = await createTestApp('sqlite', { DASHBOARD_DIR: emptyDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(emptyDir, { recursive: true, force: true });
  });

  it('answers 503 { error, code } saying to run npm run build, and the API still works', async () => {
    expect(readdirSync(emptyDir)).toEqual([]);
    for (const path of ['/dashboard', '/dashboard/login', '/dashboard/assets/index.js']) {
      const res = await t.http.get(path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 503,
        code: 'unavailable',
      });
      expect(res.body.error).toMatch(/npm run build/);
    }
    await t.http.get('/health').expect(200);
  });
});
