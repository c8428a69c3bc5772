import { chooseAnchor, type Anchor } from './anchor.js';

function token(key: string, nextKey: string | null = null): Anchor {
  return { kind: 'token', key, nextKey, token: key, tokenOffset: 0 };
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

  it('avoids an anchor already shared by many keywords', () => {
    const sharing = (anchor: Anchor): number => (anchor.key === 'brandname' ? 1000 : 0);
    expect(chooseAnchor([token('brandname'), token('pricing')], sharing).key).toBe('pricing');
  });
});
