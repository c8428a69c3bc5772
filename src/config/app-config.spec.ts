import { ConfigError, loadConfig } from './app-config.js';

describe('public URL settings', () => {
  it('default to the request’s own scheme and host, forwarded headers not trusted', () => {
    expect(loadConfig({}).publicUrls).toEqual({ baseUrl: null, trustProxy: false });
  });

  it('read PUBLIC_BASE_URL without its trailing slash, and TRUST_PROXY', () => {
    const config = loadConfig({
      PUBLIC_BASE_URL: 'https://alerts.example.com/',
      TRUST_PROXY: 'true',
    });
    expect(config.publicUrls).toEqual({ baseUrl: 'https://alerts.example.com', trustProxy: true });
  });

  it('refuse a PUBLIC_BASE_URL that is not a scheme and host, naming the variable', () => {
    for (const value of ['alerts.example.com', 'https://alerts.example.com/feeds', 'ftp://x']) {
      expect(() => loadConfig({ PUBLIC_BASE_URL: value })).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_BASE_URL: value })).toThrow(/PUBLIC_BASE_URL/);
    }
  });
});
