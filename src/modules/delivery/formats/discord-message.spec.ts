import { discordMessageProblems } from '../../../../test/utils/chat-receivers.js';
import {
  CHAT_ALERT_URL as URL,
  chatAlert as alert,
} from '../../../../test/factories/chat-alert.factory.js';
import { discordMessage, escapeDiscord } from './discord-message.js';

describe('the Discord message of an alert', () => {
  it('links the embed title to Reddit and names the keyword, subreddit and author', () => {
    const message = discordMessage(alert());
    expect(discordMessageProblems(message)).toEqual([]);
    expect(message).toEqual({
      content: 'New post matching **widgets** in r/widgets',
      embeds: [
        {
          title: 'Which widgets do you use?',
          url: URL,
          color: 0xff4500,
          fields: [
            { name: 'Keyword', value: 'widgets', inline: true },
            { name: 'Subreddit', value: 'r/widgets', inline: true },
            { name: 'Author', value: 'u/widget\\_fan', inline: true },
          ],
          timestamp: '2026-11-21T10:04:05+00:00',
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });

  it('puts a comment excerpt in the description; a post has none', () => {
    const message = discordMessage(alert({ kind: 'comment', comment: '  Great widgets.  ' }));
    expect(discordMessageProblems(message)).toEqual([]);
    expect(message.content).toBe('New comment matching **widgets** in r/widgets');
    expect(message.embeds[0]!.description).toBe('Great widgets.');
    expect(discordMessage(alert()).embeds[0]).not.toHaveProperty('description');
  });

  it('cuts a long comment and a long title on word boundaries, within every limit', () => {
    const message = discordMessage(
      alert({
        kind: 'comment',
        comment: 'lorem ipsum '.repeat(1000),
        title: 'title words '.repeat(30),
      }),
    );
    expect(discordMessageProblems(message)).toEqual([]);
    const [embed] = message.embeds;
    expect(embed!.title.length).toBeLessThanOrEqual(256);
    expect(embed!.title).toMatch(/(title|words)…$/);
    expect(embed!.description!.length).toBeLessThanOrEqual(500);
    expect(embed!.description).toMatch(/(lorem|ipsum)…$/);
  });

  it('escapes a title full of markup and mentions, and allows no mention at all', () => {
    const title =
      '@everyone @here <@123456789> <@&42> <#7> **bold** __u__ ~~s~~ `code` ||spoiler|| [x](https://evil.example)';
    const message = discordMessage(
      alert({
        title,
        keyword: '@everyone',
        author: '*star*',
        kind: 'comment',
        comment: '# Heading\n- item\n> quote',
      }),
    );
    expect(discordMessageProblems(message)).toEqual([]);
    const [embed] = message.embeds;
    expect(embed!.title).toBe(
      '@\u200beveryone @\u200bhere \\<@123456789\\> \\<@&42\\> \\<#7\\> \\*\\*bold\\*\\* \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\`code\\` \\|\\|spoiler\\|\\| \\[x\\](https://evil.example)',
    );
    expect(message.content).toBe('New comment matching **@\u200beveryone** in r/widgets');
    expect(embed!.fields[2]!.value).toBe('u/\\*star\\*');
    expect(embed!.description).toBe('\\# Heading\n\\- item\n\\> quote');
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });

  it('keeps non-Latin text, right-to-left text and emoji whole', () => {
    const title = 'مرحبا بالعالم — これは日本語 🎉👩‍👩‍👧';
    const comment = `${'😀 '.repeat(400)}end`;
    const message = discordMessage(alert({ kind: 'comment', title, comment, subreddit: 'Россия' }));
    expect(discordMessageProblems(message)).toEqual([]);
    expect(message.embeds[0]!.title).toBe(title);
    expect(message.embeds[0]!.description).toMatch(/^(😀 )*😀…$/u);
    expect(message.content).toContain('r/Россия');
  });

  it('marks the sample of a test delivery as a test', () => {
    expect(discordMessage(alert({ kind: 'test' })).content).toMatch(/^Test message matching/);
  });

  it('leaves text without markup as it is', () => {
    expect(escapeDiscord('Half-Life 3, when?')).toBe('Half-Life 3, when?');
  });
});

describe("the test receiver's Discord check", () => {
  it('refuses what Discord refuses: long content, a long title, over 6,000 in all', () => {
    const field = { name: 'n', value: 'v'.repeat(1024) };
    expect(discordMessageProblems({ content: 'c'.repeat(2001) })).toHaveLength(1);
    expect(discordMessageProblems({ embeds: [{ title: 't'.repeat(257) }] })).toHaveLength(1);
    expect(discordMessageProblems({ embeds: [{ fields: Array(6).fill(field) }] })).toHaveLength(1);
  });
});
