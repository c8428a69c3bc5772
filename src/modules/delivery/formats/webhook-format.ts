export const WEBHOOK_FORMATS = ['json', 'slack', 'discord'] as const;

export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const DEFAULT_WEBHOOK_FORMAT: WebhookFormat = 'json';
