import {
  escapeHtml,
  escapeXmlAttribute,
  excerpt,
  textToHtml,
  truncate,
  xmlSafe,
} from './feed-text.js';

describe('feed text', () => {
  it('drops characters XML 1.0 forbids and keeps the rest, astral ones included', () => {
    expect(xmlSafe('a\u0000b\u0008c\u000Bd\uFFFEe\uD800f 😀\tg\nh')).toBe('abcdef 😀\tg\nh');
  });

  it('escapes HTML so Reddit text can neither end a CDATA section nor inject markup', () => {
    expect(escapeHtml('<b>a]]>b]]>c & "d" \'e\'</b>')).toBe(
      '&lt;b&gt;a]]&gt;b]]&gt;c &amp; &quot;d&quot; &#39;e&#39;&lt;/b&gt;',
    );
  });

  it('leaves quotes of attribute values to the XML writer', () => {
    expect(escapeXmlAttribute('AT&T <x> "q"')).toBe('AT&amp;T &lt;x&gt; "q"');
  });

  it('truncates by code points at a word boundary, with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('one two three four', 12)).toBe('one two…');
    expect(truncate('😀'.repeat(5), 3)).toBe('😀😀…');
    expect(Array.from(truncate('x'.repeat(50), 10))).toHaveLength(10);
  });

  it('makes a one-line excerpt', () => {
    expect(excerpt('  first line\n\n second\tline  ', 100)).toBe('first line second line');
  });

  it('turns text into escaped paragraphs with line breaks', () => {
    expect(textToHtml('a <b>\nc\n\nd')).toBe('<p>a &lt;b&gt;<br>c</p><p>d</p>');
    expect(textToHtml('  \n ')).toBe('');
  });
});
