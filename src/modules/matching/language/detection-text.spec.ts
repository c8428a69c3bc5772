import { detectionText } from './detection-text.js';

describe('detectionText', () => {
  it.each([
    [
      'a URL',
      'Hier ist der Link: https://www.example.com/path?q=1&x=2 viel Spaß',
      'Hier ist der Link: viel Spaß',
    ],
    ['a www address', 'Schau mal auf www.heise.de nach', 'Schau mal auf nach'],
    [
      'a markdown link, keeping its text',
      'Lies [den Artikel hier](https://example.com/a_b) bitte',
      'Lies den Artikel hier bitte',
    ],
    [
      'a markdown image',
      'Mein Setup ![foto](https://i.redd.it/abc.jpg) heute',
      'Mein Setup foto heute',
    ],
    [
      'inline code',
      'Mach einfach `npm install --save-dev typescript` und fertig',
      'Mach einfach und fertig',
    ],
    [
      'a fenced code block',
      'Das geht so:\n```\nconst x = await fetch(url);\n```\nganz einfach',
      'Das geht so: ganz einfach',
    ],
    [
      'an indented code line',
      'Das geht so:\n\n    SELECT * FROM users;\n\nganz einfach',
      'Das geht so: ganz einfach',
    ],
    [
      'subreddit and user mentions',
      'Frag mal in r/de oder /r/germany, u/spez weiß es',
      'Frag mal in oder , weiß es',
    ],
    ['emoji with modifiers and joiners', 'Super 👍🏽 gemacht 👨‍👩‍👧 🇩🇪', 'Super gemacht'],
    ['HTML entities', 'Tom &amp; Jerry &gt; alles andere&#x200B;', 'Tom Jerry alles andere'],
    [
      'emphasis, headings, quotes and tables',
      '# Titel\n> **fett** und ~~weg~~ | _kursiv_ ^hoch',
      'Titel fett und weg kursiv hoch',
    ],
  ])('drops %s', (_, text, prose) => {
    expect(detectionText(text)).toBe(prose);
  });

  it('keeps slashes that are no mention (a word ending in r or u before one)', () => {
    expect(detectionText('Tür/Tor, Abitur/Studium, 24/7')).toBe('Tür/Tor, Abitur/Studium, 24/7');
  });

  it('reads at most the first 4,000 characters of a long text', () => {
    const text = 'wort '.repeat(2_000);
    expect(detectionText(text).length).toBeLessThanOrEqual(4_000);
  });

  it('leaves nothing of a text made only of a link and emoji', () => {
    expect(detectionText('https://youtu.be/dQw4w9WgXcQ 😂😂')).toBe('');
  });
});
