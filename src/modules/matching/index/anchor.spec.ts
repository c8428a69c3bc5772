import { chooseAnchor, tokenAnchor, type Anchor } from './anchor.js';

function token(key: string, nextKey: string | null = null): Anchor {
  return tokenAnchor(key, nextKey, 0);
}

const nobodyShares = (): number => 0;

describe('chooseAnchor', () => {
  it('prefers a content word over a function word', () => {
    expect(chooseAnchor([token('the'), token('vpn')], nobodyShares).key).toBe('vpn');
  });

  it('prefers the longer of two content words', () => {
    expect(chooseAnchor([token('acme'), token('pricing')], nobodyShares).key).toBe('pricing');
  });

  it('prefers the pair holding the rarer tokens', () => {
    const chosen = chooseAnchor([token('the', 'best'), token('best', 'vpn')], nobodyShares);
    expect([chosen.key, chosen.nextKey]).toEqual(['best', 'vpn']);
  });

  it('prefers a word outside common English over a longer common one', () => {
    expect(chooseAnchor([token('figma'), token('community')], nobodyShares).key).toBe('figma');
  });

  it("counts Reddit's own vocabulary and short numbers as common", () => {
    expect(chooseAnchor([token('subreddit'), token('figma')], nobodyShares).key).toBe('figma');
    expect(chooseAnchor([token('4'), token('ps')], nobodyShares).key).toBe('ps');
  });

  it('keeps a brand shared by a few keywords over a common word', () => {
    const sharing = (anchor: Anchor): number => (anchor.key === 'figma' ? 30 : 0);
    expect(chooseAnchor([token('figma'), token('help')], sharing).key).toBe('figma');
  });

  it('avoids an anchor already shared by many keywords', () => {
    const sharing = (anchor: Anchor): number => (anchor.key === 'brandname' ? 1000 : 0);
    expect(chooseAnchor([token('brandname'), token('pricing')], sharing).key).toBe('pricing');
  });
});
