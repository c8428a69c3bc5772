import { hashPassword, needsRehash, PASSWORD_HASH_COST, verifyPassword } from './password-hash.js';

/** A cheap cost, so the checks of the format run fast. */
const LOW_COST = { logN: 10, r: 8, p: 1 };

describe('password hashes', () => {
  it('verify the password they were made from, and no other', async () => {
    const stored = await hashPassword('correct horse battery', LOW_COST);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('carry a random salt and their cost in a PHC string, never the password', async () => {
    const first = await hashPassword('same password', LOW_COST);
    const second = await hashPassword('same password', LOW_COST);
    expect(first).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('same password');
  });

  it("compare passwords as NFKC, so a composed and a decomposed é are the same", async () => {
    const stored = await hashPassword('caf\u00e9 au lait!', LOW_COST);
    expect(await verifyPassword('cafe\u0301 au lait!', stored)).toBe(true);
  });

  it("ask for a rehash when the stored cost is not today's, and verify under the stored one", async () => {
    const older = await hashPassword('kept password', LOW_COST);
    expect(needsRehash(older)).toBe(true);
    expect(await verifyPassword('kept password', older)).toBe(true);
    expect(needsRehash(await hashPassword('kept password'))).toBe(false);
    expect(PASSWORD_HASH_COST).toEqual({ logN: 15, r: 8, p: 3 });
  });

  it('refuse what is not a hash they made', async () => {
    expect(await verifyPassword('x', 'plain text')).toBe(false);
    expect(needsRehash('plain text')).toBe(true);
  });
});
