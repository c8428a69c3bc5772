import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/** Where the data lives when DATABASE_URL is not set: a file, so `npm start` works anywhere. */
export const DEFAULT_DATABASE_URL = 'sqlite:./data/alerts.sqlite';

export type DatabaseKind = 'sqlite' | 'postgres';

export function databaseKind(databaseUrl: string): DatabaseKind {
  return databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

/** The file a `sqlite:` URL names, resolved against the working directory, or `:memory:`. */
export function sqliteFile(databaseUrl: string): string {
  const path = databaseUrl.slice('sqlite:'.length);
  return path === ':memory:' ? path : resolve(path);
}

export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/**
 * Names the database a URL points at, without credentials: the resolved file for SQLite, the
 * database name for PostgreSQL (its user's name when the URL gives none, as libpq does).
 * Instances that share a database share this name, whichever host or pooler they reach it through.
 */
export function databaseName(databaseUrl: string): string {
  if (databaseKind(databaseUrl) === 'sqlite') return `sqlite:${sqliteFile(databaseUrl)}`;
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username);
  return `postgres:${name || 'postgres'}`;
}

/**
 * Where an instance's keys and channels live in Redis: `alerts:<digest of databaseName>:`, so
 * deployments (or parallel test runs) sharing one Redis count and wake apart, and every instance
 * of one deployment together. A digest, because a name could hold characters that PSUBSCRIBE
 * reads as a pattern.
 */
export function redisNamespace(databaseUrl: string): string {
  const digest = createHash('sha256').update(databaseName(databaseUrl)).digest('hex');
  return `alerts:${digest.slice(0, 16)}:`;
}
