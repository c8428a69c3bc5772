import { EXCERPT_MAX_LENGTH, headlineOf, type ChatAlert } from './chat-alert.js';
import { cutOnWord, fitEscaped } from './cut-text.js';

export const SLACK_LIMITS = {
  text: 40_000,
  blocks: 50,
  sectionText: 3000,
  contextElements: 10,
  textObject: 3000,
} as const;

/** Keyword, subreddit and author are short by their own rules; this only bounds a surprise. */
const LABEL_MAX_LENGTH = 200;

type SlackText =
  | { type: 'mrkdwn'; text: string; verbatim: true }
  | { type: 'plain_text'; text: string; emoji: false };

type SlackBlock = { type: 'section'; text: SlackText } | { type: 'context'; elements: SlackText[] };

export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
}

/**
 * mrkdwn's control characters. `<` and `>` are what mentions (`<!everyone>`, `<@U…>`) and links
 * need, so escaping them is what keeps a title from pinging or linking anywhere.
 */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** In `<url|label>` the URL ends at `|` or `>`: those are percent-encoded, `&` escaped. */
function slackLinkTarget(url: string): string {
  return escapeSlack(url.replace(/[|<>\s]/g, (character) => encodeURIComponent(character)));
}

const mrkdwn = (text: string): SlackText => ({ type: 'mrkdwn', text, verbatim: true });

/**
 * A Slack incoming-webhook message: `text` for notifications and clients without blocks, then
 * the title linked to Reddit, a line with keyword, subreddit and author, and a comment's excerpt
 * as plain text (Slack parses nothing in it). `verbatim` stops Slack from turning names and
 * URLs in the text into links or mentions.
 */
export function slackMessage(alert: ChatAlert): SlackMessage {
  const headline = headlineOf(alert);
  const label = (text: string) => fitEscaped(text, LABEL_MAX_LENGTH, escapeSlack);
  const keyword = label(alert.keyword);
  const subreddit = label(`r/${alert.subreddit}`);
  const fallback = `${headline} matching “${keyword}” in ${subreddit}: `;
  const blocks: SlackBlock[] = [
    { type: 'section', text: mrkdwn(linkedTitle(alert)) },
    {
      type: 'context',
      elements: [
        mrkdwn(`${headline} · keyword *${keyword}*`),
        mrkdwn(subreddit),
        mrkdwn(label(`u/${alert.author}`)),
      ],
    },
  ];
  if (alert.comment !== null) {
    blocks.push({
      type: 'section',
      text: { type: 'plain_text', text: commentExcerpt(alert.comment), emoji: false },
    });
  }
  return {
    text: fallback + fitEscaped(alert.title, SLACK_LIMITS.text - fallback.length, escapeSlack),
    blocks,
  };
}

/** `*<url|title>*`, the title cut to what the section leaves beside the URL. */
function linkedTitle(alert: ChatAlert): string {
  const target = slackLinkTarget(alert.url);
  const room = SLACK_LIMITS.sectionText - target.length - '*<|>*'.length;
  // A URL that leaves no room for a readable title (never a Reddit one) is left out.
  if (room < SLACK_LIMITS.sectionText / 2) {
    return `*${fitEscaped(alert.title, SLACK_LIMITS.sectionText - 2, escapeSlack)}*`;
  }
  return `*<${target}|${fitEscaped(alert.title, room, escapeSlack)}>*`;
}

function commentExcerpt(comment: string): string {
  const excerpt = cutOnWord(comment.trim(), EXCERPT_MAX_LENGTH);
  // A section's text may not be empty.
  return excerpt === '' ? '(empty comment)' : excerpt;
}
