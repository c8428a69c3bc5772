import { slackMessageProblems } from '../../../../test/utils/chat-receivers.js';
import {
  CHAT_ALERT_URL as URL,
  chatAlert as alert,
} from '../../../../test/factories/chat-alert.factory.js';
import { slackMessage } from './slack-message.js';

const textsOf = (message: ReturnType<typeof slackMessage>): string[] =>
  message.blocks.flatMap((block) =>
    block.type === 'section' ? [block.text.text] : block.elements.map((element) => element.text),
  );

describe('the Slack message of an alert', () => {
  it('links the title to Reddit and names the keyword, subreddit and author', () => {
    const message = slackMessage(alert());
    expect(slackMessageProblems(message)).toEqual([]);
    expect(message.text).toBe(
      'New post matching “widgets” in r/widgets: Which widgets do you use?',
    );
    expect(message.blocks[0]).toEqual({
      type: 'section',
      text: { type: 'mrkdwn', text: `*<${URL}|Which widgets do you use?>*`, verbatim: true },
    });
    expect(textsOf(message).join(' ')).toEqual(
      expect.stringContaining('keyword *widgets* r/widgets u/widget_fan'),
    );
  });

  it('adds a comment excerpt as plain text; a post has none', () => {
    const comment = slackMessage(alert({ kind: 'comment', comment: 'These *widgets* are great' }));
    expect(slackMessageProblems(comment)).toEqual([]);
    expect(comment.text.startsWith('New comment matching')).toBe(true);
    expect(comment.blocks.at(-1)).toEqual({
      type: 'section',
      text: { type: 'plain_text', text: 'These *widgets* are great', emoji: false },
    });
    expect(slackMessage(alert()).blocks.map((block) => block.type)).toEqual(['section', 'context']);
  });

  it('cuts a long comment on a word boundary, within every limit', () => {
    const long = 'lorem ipsum dolor '.repeat(800);
    const message = slackMessage(
      alert({ kind: 'comment', comment: long, title: 'word '.repeat(700) }),
    );
    expect(slackMessageProblems(message)).toEqual([]);
    const excerpt = textsOf(message).at(-1)!;
    expect(excerpt.length).toBeLessThanOrEqual(500);
    expect(excerpt).toMatch(/(lorem|ipsum|dolor)…$/);
    expect(message.blocks[0]!.type === 'section' && message.blocks[0].text.text).toMatch(
      /word…>\*$/,
    );
  });

  it('escapes a title full of markup, so it can neither ping nor break the link', () => {
    const title = '<!everyone> <@U024BE7LH> *bold* & <https://evil.example|click> |pipe| > quote';
    const message = slackMessage(alert({ title, keyword: '<!here>', author: 'a&b' }));
    expect(slackMessageProblems(message)).toEqual([]);
    expect(message.blocks[0]).toEqual({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `*<${URL}|&lt;!everyone&gt; &lt;@U024BE7LH&gt; *bold* &amp; &lt;https://evil.example|click&gt; |pipe| &gt; quote>*`,
        verbatim: true,
      },
    });
    expect(message.text).not.toMatch(/<!/);
    expect(textsOf(message).join(' ')).toContain('&lt;!here&gt;');
    expect(textsOf(message).join(' ')).toContain('u/a&amp;b');
  });

  it('keeps non-Latin text, right-to-left text and emoji whole', () => {
    const title = 'مرحبا بالعالم — これは日本語 🎉👩‍👩‍👧';
    const comment = 'שלום '.repeat(200) + '🎉';
    const message = slackMessage(alert({ kind: 'comment', title, comment, subreddit: 'Россия' }));
    expect(slackMessageProblems(message)).toEqual([]);
    expect(message.blocks[0]!.type === 'section' && message.blocks[0].text.text).toBe(
      `*<${URL}|${title}>*`,
    );
    expect(textsOf(message).at(-1)).toMatch(/^(שלום )+…$|^(שלום )*שלום…$/);
    expect(message.text).toContain('r/Россия');
  });

  it('marks the sample of a test delivery as a test', () => {
    expect(slackMessage(alert({ kind: 'test' })).text.startsWith('Test message matching')).toBe(
      true,
    );
  });
});

describe("the test receiver's Slack check", () => {
  it('refuses what Slack refuses: a long section, too many blocks, an unescaped mention', () => {
    const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });
    expect(slackMessageProblems({ text: 'x', blocks: [section('a'.repeat(3001))] })).toHaveLength(
      1,
    );
    expect(slackMessageProblems({ text: 'x', blocks: Array(51).fill(section('a')) })).toHaveLength(
      1,
    );
    expect(slackMessageProblems({ text: 'x', blocks: [section('<!everyone>')] })).toHaveLength(1);
  });
});
