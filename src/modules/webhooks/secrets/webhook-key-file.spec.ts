import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createKeyFileOnce,
  readKeyFile,
  withKeyFileLock,
  writeKeyFile,
} from './webhook-key-file.js';
import { secretKeyId, WebhookKeyring } from './webhook-keyring.js';

/** The built module, as a process started by `npm start` loads it. */
const BUILT_KEY_FILE = resolve('dist/src/modules/webhooks/secrets/webhook-key-file.js');

/** Starts a node process that makes the key file at `startAt` (epoch ms) and prints what it read. */
function makeKeyFileInProcess(path: string, startAt: number): Promise<string> {
  const script = `
    const { createKeyFileOnce, readKeyFile } = await import(${JSON.stringify(BUILT_KEY_FILE)});
    while (Date.now() < ${startAt});
    const made = createKeyFileOnce(${JSON.stringify(path)});
    const keys = readKeyFile(${JSON.stringify(path)}).map((key) => key.toString('base64'));
    process.stdout.write(JSON.stringify({ made, keys }));`;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done(stdout) : fail(new Error(stderr))));
  });
}

describe('the webhook secret key file', () => {
  let dir: string;
  let path: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'webhook-keys-'));
    path = join(dir, 'nested', 'alerts.sqlite.webhook-keys');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is made once, readable by its owner only, with one key; later starts read that key', () => {
    expect(createKeyFileOnce(path)).toBe(true);
    const [key] = readKeyFile(path);

    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readKeyFile(path)).toEqual([key]);
    expect(key).toHaveLength(32);
    expect(createKeyFileOnce(path)).toBe(false);
    expect(readKeyFile(path)).toEqual([key]);
  });

  it('is made by exactly one of several processes starting at once, and all of them read its key', async () => {
    const startAt = Date.now() + 1_500;
    const outputs = await Promise.all(
      Array.from({ length: 6 }, () => makeKeyFileInProcess(path, startAt)),
    );
    const results = outputs.map(
      (output) => JSON.parse(output) as { made: boolean; keys: string[] },
    );

    expect(results.filter((result) => result.made)).toHaveLength(1);
    const [first] = results;
    expect(first.keys).toHaveLength(1);
    for (const result of results) expect(result.keys).toEqual(first.keys);
    expect(readKeyFile(path).map((key) => key.toString('base64'))).toEqual(first.keys);
  });

  it('is refused, naming the file and line, when a line is not a key or no key is left', () => {
    createKeyFileOnce(path);
    writeFileSync(path, `${readFileSync(path, 'utf8')}not-a-key\n`);
    expect(() => readKeyFile(path)).toThrow(`${path}, line 5, is not a key of 32 bytes in base64`);

    writeFileSync(path, '# nothing here\n');
    expect(() => readKeyFile(path)).toThrow(`${path} holds no key`);
    expect(() => readKeyFile(join(dir, 'missing'))).toThrow(/Cannot read .*missing: ENOENT/);
  });

  it('is replaced whole, still readable by its owner only, and followed by a keyring reading it', () => {
    createKeyFileOnce(path);
    const keyring = WebhookKeyring.ofFile(path);
    const [old] = readKeyFile(path);
    const next = randomBytes(32);

    writeKeyFile(path, [next, old]);

    expect(readKeyFile(path)).toEqual([next, old]);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(keyring.sealingKey().id).toBe(secretKeyId(next));
    expect(keyring.find(secretKeyId(old))?.key).toEqual(old);
  });

  it('lets one rotation at a time hold it, and lets go afterwards', async () => {
    createKeyFileOnce(path);
    let inside = false;

    await withKeyFileLock(path, async () => {
      inside = true;
      await expect(withKeyFileLock(path, () => Promise.resolve())).rejects.toThrow(
        `${path}.lock exists: another rotate-secret-key is running`,
      );
    });

    expect(inside).toBe(true);
    expect(existsSync(`${path}.lock`)).toBe(false);
    await expect(withKeyFileLock(path, () => Promise.resolve('again'))).resolves.toBe('again');
  });
});
