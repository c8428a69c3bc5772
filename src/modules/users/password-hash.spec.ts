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

  it('compare passwords as NFKC, so a composed and a decomposed é are the same', async () => {
    const stored = await hashPassword('caf\u00e9 au lait!', LOW_COST);
    expect(await verifyPassword('cafe\u0301 au lait!', stored)).toBe(true);
  });

  it("verify under the production cost, OWASP's N=2^15, r=8, p=3", async () => {
    expect(PASSWORD_HASH_COST).toEqual({ logN: 15, r: 8, p: 3 });
    const stored = await hashPassword('production password', PASSWORD_HASH_COST);
    expect(stored).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$/);
    expect(await verifyPassword('production password', stored)).toBe(true);
    expect(await verifyPassword('production passworD', stored)).toBe(false);
  });

  it('ask for a rehash when the stored cost is not the given one, and verify under the stored one', async () => {
    const older = await hashPassword('kept password', LOW_COST);
    expect(needsRehash(older, PASSWORD_HASH_COST)).toBe(true);
    expect(needsRehash(older, { ...LOW_COST, p: 3 })).toBe(true);
    expect(needsRehash(older, LOW_COST)).toBe(false);
    expect(await verifyPassword('kept password', older)).toBe(true);
  });

  it('refuse what is not a hash they made', async () => {
    expect(await verifyPassword('x', 'plain text')).toBe(false);
    expect(needsRehash('plain text', LOW_COST)).toBe(true);
  });
});
