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
