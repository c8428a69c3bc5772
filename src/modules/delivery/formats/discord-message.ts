import { isoWholeSeconds } from '../../../common/time/timestamps.js';
import { EXCERPT_MAX_LENGTH, headlineOf, type ChatAlert } from './chat-alert.js';
import { fitEscaped } from './cut-text.js';

export const DISCORD_LIMITS = {
  content: 2000,
  embeds: 10,
  embedTitle: 256,
  embedDescription: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  /** Title, description, field names and values, footer and author of all embeds together. */
  embedsTotal: 6000,
} as const;

/** Keyword, subreddit and author are short by their own rules; this only bounds a surprise. */
const LABEL_MAX_LENGTH = 200;

/** Reddit's orange, the embed's side bar. */
const EMBED_COLOR = 0xff4500;

export interface DiscordField {
  name: string;
  value: string;
  inline: boolean;
}

export interface DiscordEmbed {
  title: string;
  url: string;
  description?: string;
  color: number;
  fields: DiscordField[];
  timestamp: string;
}

export interface DiscordMessage {
  content: string;
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: [] };
}

/**
 * Discord markdown made literal: a backslash before what formats, quotes or links anywhere,
 * before headings, list markers and quotes at the start of a line, before `<` of user, role and
 * channel mentions; and a zero-width space after the `@` of @everyone and @here.
 */
export function escapeDiscord(text: string): string {
  return text
    .replace(/[\\*_~`|<>[\]]/g, '\\$&')
    .replace(/^(\s*)(#|-|\+|\d+\.)/gm, '$1\\$2')
    .replace(/@(everyone|here)/gi, '@\u200b$1');
}

/**
 * A Discord webhook message: `content` says what matched where, one embed carries the title
 * linked to Reddit, a comment's excerpt, and keyword, subreddit and author as fields.
 * `allowed_mentions` with nothing to parse makes sure no text in it can ping anyone.
 */
export function discordMessage(alert: ChatAlert): DiscordMessage {
  const label = (text: string) => fitEscaped(text, LABEL_MAX_LENGTH, escapeDiscord);
  const keyword = label(alert.keyword);
  const subreddit = label(`r/${alert.subreddit}`);
  const embed: DiscordEmbed = {
    title: fitEscaped(alert.title, DISCORD_LIMITS.embedTitle, escapeDiscord),
    url: alert.url,
    color: EMBED_COLOR,
    fields: [
      { name: 'Keyword', value: keyword, inline: true },
      { name: 'Subreddit', value: subreddit, inline: true },
      { name: 'Author', value: label(`u/${alert.author}`), inline: true },
    ],
    timestamp: isoWholeSeconds(alert.matchedAt),
  };
  if (alert.comment !== null) {
    const excerpt = fitEscaped(alert.comment.trim(), EXCERPT_MAX_LENGTH, escapeDiscord);
    embed.description = excerpt === '' ? '(empty comment)' : excerpt;
  }
  return {
    content: `${headlineOf(alert)} matching **${keyword}** in ${subreddit}`,
    embeds: [embed],
    allowed_mentions: { parse: [] },
  };
}
