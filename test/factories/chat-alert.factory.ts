import type { ChatAlert } from '../../src/modules/delivery/formats/chat-alert.js';

export const CHAT_ALERT_URL = 'https://www.reddit.com/r/widgets/comments/1abc2de/which_widgets/';

/** A post alert as the chat renderers see it. */
export const chatAlert = (overrides: Partial<ChatAlert> = {}): ChatAlert => ({
  kind: 'post',
  keyword: 'widgets',
  subreddit: 'widgets',
  title: 'Which widgets do you use?',
  url: CHAT_ALERT_URL,
  author: 'widget_fan',
  comment: null,
  matchedAt: Date.parse('2026-11-21T10:04:05Z'),
  ...overrides,
});
