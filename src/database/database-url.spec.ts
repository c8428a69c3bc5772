import { resolve } from 'node:path';
import { databaseName } from './database-url.js';

describe('databaseName', () => {
  it('is the same for one PostgreSQL database reached through different hosts, and holds no credentials', () => {
    const direct = databaseName('postgres://alerts:s3cret@db.internal:5432/alerts');
    const pooled = databaseName('postgresql://alerts:other@pgbouncer:6432/alerts?sslmode=require');

    expect(direct).toBe('postgres:alerts');
    expect(pooled).toBe(direct);
    expect(databaseName('postgres://alerts@db.internal/staging')).not.toBe(direct);
  });

  it("falls back to the user's name when the URL names no database, as libpq does", () => {
    expect(databaseName('postgres://reporting@db.internal')).toBe('postgres:reporting');
  });

  it('names a SQLite database by its resolved file', () => {
    expect(databaseName('sqlite:./data/alerts.sqlite')).toBe(
      `sqlite:${resolve('data/alerts.sqlite')}`,
    );
  });
});
