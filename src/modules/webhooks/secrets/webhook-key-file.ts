import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError } from '../../../config/app-config.js';

const SECRET_KEY_BYTES = 32;
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=$/;

const HEADER = [
  '# Keys that seal webhook signing secrets, 32 bytes in base64, one a line.',
  '# The first one seals; the others still open what was sealed under them.',
  '# Keep this file secret, and the same for every instance of this database.',
];

export function newSecretKey(): Buffer {
  return randomBytes(SECRET_KEY_BYTES);
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The file's keys in order, the sealing one first. Refuses a file it cannot read whole. */
export function readKeyFile(path: string): Buffer[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`Cannot read the webhook secret key file ${path}: ${errorCode(error)}`);
  }
  const keys: Buffer[] = [];
  text.split('\n').forEach((line, index) => {
    const value = line.trim();
    if (value === '' || value.startsWith('#')) return;
    if (!BASE64_KEY.test(value)) {
      throw new ConfigError(
        `The webhook secret key file ${path}, line ${index + 1}, is not a key of 32 bytes in base64`,
      );
    }
    keys.push(Buffer.from(value, 'base64'));
  });
  if (keys.length === 0) throw new ConfigError(`The webhook secret key file ${path} holds no key`);
  return keys;
}

/** The directory's entry for a new or renamed file reaches the disk too, not just its bytes. */
function syncDirectory(path: string): void {
  const fd = openSync(dirname(path), 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The whole file under a name of its own beside `path` (mode 0600), on disk, ready to move. */
function writeAside(path: string, keys: readonly Buffer[]): string {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(aside, 'wx', 0o600);
  try {
    writeSync(fd, [...HEADER, ...keys.map((key) => key.toString('base64')), ''].join('\n'));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return aside;
}

/**
 * Makes the key file with one new key unless it exists; answers whether this call made it. The
 * file is written aside and hard-linked into place, which fails when the name is taken: it
 * appears whole or not at all, so instances starting at once all read the one key that won.
 */
export function createKeyFileOnce(path: string): boolean {
  if (existsSync(path)) return false;
  mkdirSync(dirname(path), { recursive: true });
  const aside = writeAside(path, [newSecretKey()]);
  try {
    linkSync(aside, path);
    syncDirectory(path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}

/** Replaces the file in one step (a rename): a reader sees the old keys or the new, never half. */
export function writeKeyFile(path: string, keys: readonly Buffer[]): void {
  const aside = writeAside(path, keys);
  try {
    renameSync(aside, path);
    syncDirectory(path);
  } catch (error) {
    rmSync(aside, { force: true });
    throw error;
  }
}

/** Runs `work` holding `<file>.lock`, so two rotations of one key file never interleave. */
export async function withKeyFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const lock = `${path}.lock`;
  try {
    closeSync(openSync(lock, 'wx', 0o600));
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    throw new ConfigError(
      `${lock} exists: another rotate-secret-key is running, or one was interrupted (then remove the file)`,
    );
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}
