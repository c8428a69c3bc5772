import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N = 2^logN, block size r, parallelism p. */
export interface ScryptCost {
  logN: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt configuration (N=2^15, r=8, p=3): 32 MiB and about a tenth of a second per
 * hash. PASSWORD_HASH_LOG_N may change logN (PasswordHasher). Stored with every hash, so a
 * change leaves older hashes verifiable; sign-in rehashes them (needsRehash).
 */
export const PASSWORD_HASH_COST: ScryptCost = { logN: 15, r: 8, p: 3 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** A PHC string: `$scrypt$ln=15,r=8,p=3$<salt>$<key>`, both in base64 without padding. */
const STORED_HASH =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

interface StoredHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseStoredHash(stored: string): StoredHash | null {
  const match = STORED_HASH.exec(stored);
  if (!match) return null;
  return {
    cost: { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) },
    salt: Buffer.from(match[4], 'base64'),
    key: Buffer.from(match[5], 'base64'),
  };
}

/**
 * On libuv's thread pool, never blocking the event loop. Passwords are compared as NFKC
 * (NIST SP 800-63B), so the same characters typed on another keyboard still match.
 */
function deriveKey(password: string, salt: Buffer, cost: ScryptCost, length: number) {
  const N = 2 ** cost.logN;
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      length,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, cost, KEY_BYTES);
  const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${base64(salt)}$${base64(key)}`;
}

/** Recomputes the key under the stored salt and cost and compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const key = await deriveKey(password, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** The hash was made under another cost than `cost`: worth replacing once the password is known. */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const storedCost = parseStoredHash(stored)?.cost;
  return (
    storedCost === undefined ||
    storedCost.logN !== cost.logN ||
    storedCost.r !== cost.r ||
    storedCost.p !== cost.p
  );
}

/** 18 random bytes, 24 characters of base64url: what the admin command hands out, shown once. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
