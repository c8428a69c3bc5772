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

describe('DATABASE_URL', () => {
  it('accepts a SQLite file or a PostgreSQL URL', () => {
    for (const url of ['sqlite:./data/alerts.sqlite', 'postgres://db/alerts']) {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });

  it('refuses an in-memory SQLite database, which a second connection could not open', () => {
    expect(() => loadConfig({ DATABASE_URL: 'sqlite::memory:' })).toThrow(/DATABASE_URL/);
  });
});

describe('WEBHOOK_SECRET_KEY', () => {
  it('is 32 bytes in base64, read as the key', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ WEBHOOK_SECRET_KEY: key.toString('base64') }).webhooks.secretKey).toEqual(
      key,
    );
    expect(loadConfig({}).webhooks.secretKey).toBeNull();
  });

  it('refuses another length without repeating the value', () => {
    const short = Buffer.alloc(16, 7).toString('base64');
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY: short })).toThrow(/WEBHOOK_SECRET_KEY/);
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY: short })).not.toThrow(short);
  });

  it('comes with the keys it replaced in WEBHOOK_SECRET_KEY_PREVIOUS, comma-separated', () => {
    const [key, older, oldest] = [7, 8, 9].map((fill) => Buffer.alloc(32, fill));
    const config = loadConfig({
      WEBHOOK_SECRET_KEY: key.toString('base64'),
      WEBHOOK_SECRET_KEY_PREVIOUS: `${older.toString('base64')},${oldest.toString('base64')}`,
    });
    expect(config.webhooks.previousSecretKeys).toEqual([older, oldest]);
    expect(loadConfig({}).webhooks.previousSecretKeys).toEqual([]);
    expect(() =>
      loadConfig({ WEBHOOK_SECRET_KEY: key.toString('base64'), WEBHOOK_SECRET_KEY_PREVIOUS: 'x' }),
    ).toThrow(/WEBHOOK_SECRET_KEY_PREVIOUS must be comma-separated keys/);
  });

  it('or from the key file, wherever WEBHOOK_SECRET_KEY_FILE says; not both', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ WEBHOOK_SECRET_KEY_FILE: '/keys/alerts' }).webhooks.secretKeyFile).toBe(
      '/keys/alerts',
    );
    expect(loadConfig({}).webhooks.secretKeyFile).toBeNull();
    expect(() =>
      loadConfig({ WEBHOOK_SECRET_KEY: key, WEBHOOK_SECRET_KEY_FILE: '/keys/alerts' }),
    ).toThrow('Set WEBHOOK_SECRET_KEY or WEBHOOK_SECRET_KEY_FILE, not both');
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY_PREVIOUS: key })).toThrow(
      /WEBHOOK_SECRET_KEY_PREVIOUS is only read with WEBHOOK_SECRET_KEY/,
    );
  });
});

describe('METRICS_PORT', () => {
  it('is unset by default, else the port of the 127.0.0.1 metrics listener', () => {
    expect(loadConfig({}).metricsPort).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it('refuses a value that is not a port, or the public port itself, naming the variable', () => {
    for (const env of [
      { METRICS_PORT: 'metrics' },
      { METRICS_PORT: '70000' },
      { METRICS_PORT: '3000' },
      { PORT: '8080', METRICS_PORT: '8080' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/METRICS_PORT/);
    }
  });
});

describe('RECENT_ITEMS_HOURS', () => {
  it('keeps 24 hours of items by default; 0 turns the window off', () => {
    expect(loadConfig({}).recentItemsHours).toBe(24);
    expect(loadConfig({ RECENT_ITEMS_HOURS: '72' }).recentItemsHours).toBe(72);
    expect(loadConfig({ RECENT_ITEMS_HOURS: '0' }).recentItemsHours).toBe(0);
  });

  it('refuses a negative, fractional or over-long window, naming the variable', () => {
    for (const value of ['-1', '1.5', '721', 'day']) {
      expect(() => loadConfig({ RECENT_ITEMS_HOURS: value })).toThrow(/RECENT_ITEMS_HOURS/);
    }
  });
});

describe('PASSWORD_HASH_LOG_N', () => {
  it("hashes passwords at scrypt's N=2^15 by default, else at 2^PASSWORD_HASH_LOG_N", () => {
    expect(loadConfig({}).passwordHashLogN).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_LOG_N: '10' }).passwordHashLogN).toBe(10);
    expect(loadConfig({ PASSWORD_HASH_LOG_N: '20' }).passwordHashLogN).toBe(20);
  });

  it('refuses a work factor below 10, above 20 or not whole, naming the variable', () => {
    for (const value of ['9', '21', '12.5', 'high']) {
      expect(() => loadConfig({ PASSWORD_HASH_LOG_N: value })).toThrow(/PASSWORD_HASH_LOG_N/);
    }
  });
});

describe('DASHBOARD_RATE_PER_MINUTE', () => {
  it("gives a dashboard session 600 reads a minute by default, else the variable's", () => {
    expect(loadConfig({}).dashboardRatePerMinute).toBe(600);
    expect(loadConfig({ DASHBOARD_RATE_PER_MINUTE: '1200' }).dashboardRatePerMinute).toBe(1200);
  });

  it('refuses a budget that is not a positive whole number, naming the variable', () => {
    for (const value of ['0', '-5', '2.5', 'many']) {
      expect(() => loadConfig({ DASHBOARD_RATE_PER_MINUTE: value })).toThrow(
        /DASHBOARD_RATE_PER_MINUTE/,
      );
    }
  });
});

describe('SMTP_URL and SMTP_FROM', () => {
  it('leave email off when SMTP_URL is unset', () => {
    expect(loadConfig({}).email).toBeNull();
  });

  it('send from alerts@<host of PUBLIC_BASE_URL> unless SMTP_FROM says otherwise', () => {
    const env = {
      SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465',
      PUBLIC_BASE_URL: 'https://alerts.example.com/',
    };
    expect(loadConfig(env).email).toEqual({
      smtpUrl: 'smtps://user:p%40ss@mail.example.com:465',
      from: 'alerts@alerts.example.com',
      linkBaseUrl: 'https://alerts.example.com',
    });
    expect(loadConfig({ ...env, SMTP_FROM: 'noreply@example.com' }).email?.from).toBe(
      'noreply@example.com',
    );
  });

  it('refuse another scheme without repeating the value, which may hold a password', () => {
    const attempt = () => loadConfig({ SMTP_URL: 'http://user:secret-pw@mail.example.com' });
    expect(attempt).toThrow(/SMTP_URL must be smtp:\/\//);
    expect(attempt).not.toThrow(/secret-pw/);
  });

  it('need PUBLIC_BASE_URL, which the links in mails point to', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /SMTP_URL: needs PUBLIC_BASE_URL/,
    );
  });
});

describe('SIGNUP and SIGNUP_PLAN', () => {
  const mail = {
    SMTP_URL: 'smtp://mail.example.com',
    PUBLIC_BASE_URL: 'https://alerts.example.com',
  };

  it('keep sign-up closed by default, on the starter plan', () => {
    expect(loadConfig({}).signUp).toEqual({ mode: 'closed', plan: 'starter' });
  });

  it('open sign-up on the plan SIGNUP_PLAN names, when mail can be sent', () => {
    expect(loadConfig({ ...mail, SIGNUP: 'open', SIGNUP_PLAN: 'pro' }).signUp).toEqual({
      mode: 'open',
      plan: 'pro',
    });
  });

  it('refuse SIGNUP=open without SMTP_URL, which mails the verification links', () => {
    expect(() => loadConfig({ SIGNUP: 'open' })).toThrow(
      /SIGNUP: open needs SMTP_URL, to mail the links that verify sign-ups/,
    );
  });

  it('refuse another mode or an unknown plan, naming the variable', () => {
    expect(() => loadConfig({ SIGNUP: 'yes' })).toThrow(/SIGNUP: SIGNUP must be open or closed/);
    expect(() => loadConfig({ SIGNUP_PLAN: 'gold' })).toThrow(
      /SIGNUP_PLAN: SIGNUP_PLAN must be one of starter, pro, scale/,
    );
  });
});
