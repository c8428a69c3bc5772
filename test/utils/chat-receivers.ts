import {
  startWebhookReceiver,
  type ReceivedRequest,
  type Responder,
  type WebhookReceiver,
} from './webhook-receiver.js';

/*
 * What Slack and Discord accept, written from their documentation rather than from our renderers,
 * so a message that would be refused there is refused here: Slack's incoming webhooks with Block
 * Kit (text 40,000; 50 blocks; section and text objects 3,000; header 150; context 10 elements),
 * and Discord's execute-webhook (content 2,000; 10 embeds; title 256; description 4,096;
 * 25 fields of 256 and 1,024; footer 2,048; author 256; 6,000 across the embeds).
 * Lengths are counted in characters (code points), as the platforms count them.
 */

const length = (text: string) => [...text].length;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkKeys(where: string, value: Json, allowed: string[], problems: string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.push(`${where}: unknown field ${key}`);
  }
}

function checkText(
  where: string,
  value: unknown,
  { min = 0, max }: { min?: number; max: number },
  problems: string[],
): value is string {
  if (typeof value !== 'string') {
    problems.push(`${where}: not a string`);
    return false;
  }
  if (length(value) < min) problems.push(`${where}: shorter than ${min}`);
  if (length(value) > max) problems.push(`${where}: ${length(value)} characters, over ${max}`);
  return true;
}

/** In mrkdwn only links we wrote may use < and >, and every & starts one of the three escapes. */
function checkMrkdwnEscaped(where: string, text: string, problems: string[]): void {
  const outsideLinks = text.replace(/<https:\/\/[^<>|\s]+\|[^<>]*>/g, '');
  if (/[<>]/.test(outsideLinks)) problems.push(`${where}: unescaped < or > in ${text}`);
  if (/&(?!amp;|lt;|gt;)/.test(text)) problems.push(`${where}: unescaped & in ${text}`);
}

function checkSlackText(where: string, value: unknown, max: number, problems: string[]): void {
  if (!isObject(value)) {
    problems.push(`${where}: not a text object`);
    return;
  }
  if (value.type === 'mrkdwn') checkKeys(where, value, ['type', 'text', 'verbatim'], problems);
  else if (value.type === 'plain_text')
    checkKeys(where, value, ['type', 'text', 'emoji'], problems);
  else problems.push(`${where}: text type ${String(value.type)}`);
  if (
    checkText(`${where}.text`, value.text, { min: 1, max }, problems) &&
    value.type === 'mrkdwn'
  ) {
    checkMrkdwnEscaped(`${where}.text`, value.text, problems);
  }
}

function checkSlackBlock(where: string, block: unknown, problems: string[]): void {
  if (!isObject(block)) {
    problems.push(`${where}: not an object`);
    return;
  }
  switch (block.type) {
    case 'section':
      checkKeys(where, block, ['type', 'text', 'block_id'], problems);
      checkSlackText(`${where}.text`, block.text, 3000, problems);
      return;
    case 'header':
      checkKeys(where, block, ['type', 'text', 'block_id'], problems);
      checkSlackText(`${where}.text`, block.text, 150, problems);
      return;
    case 'context': {
      checkKeys(where, block, ['type', 'elements', 'block_id'], problems);
      const elements = Array.isArray(block.elements) ? block.elements : [];
      if (elements.length < 1 || elements.length > 10) {
        problems.push(`${where}: ${elements.length} elements, not 1 to 10`);
      }
      elements.forEach((element, i) =>
        checkSlackText(`${where}.elements[${i}]`, element, 3000, problems),
      );
      return;
    }
    case 'divider':
      checkKeys(where, block, ['type', 'block_id'], problems);
      return;
    default:
      problems.push(`${where}: block type ${String(block.type)}`);
  }
}

/** Why Slack would refuse this incoming-webhook body; [] when it is a valid message. */
export function slackMessageProblems(body: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(body)) return ['body: not a JSON object'];
  checkKeys('body', body, ['text', 'blocks', 'unfurl_links', 'unfurl_media', 'mrkdwn'], problems);
  if (checkText('text', body.text, { min: 1, max: 40_000 }, problems)) {
    checkMrkdwnEscaped('text', body.text, problems);
  }
  if (!Array.isArray(body.blocks)) return [...problems, 'blocks: not an array'];
  if (body.blocks.length < 1 || body.blocks.length > 50) {
    problems.push(`blocks: ${body.blocks.length}, not 1 to 50`);
  }
  body.blocks.forEach((block, i) => checkSlackBlock(`blocks[${i}]`, block, problems));
  return problems;
}

function checkDiscordEmbed(where: string, embed: unknown, problems: string[]): number {
  if (!isObject(embed)) {
    problems.push(`${where}: not an object`);
    return 0;
  }
  checkKeys(
    where,
    embed,
    [
      'title',
      'url',
      'description',
      'color',
      'fields',
      'timestamp',
      'footer',
      'author',
      'thumbnail',
      'image',
    ],
    problems,
  );
  let total = 0;
  const counted = (path: string, value: unknown, min: number, max: number) => {
    if (checkText(path, value, { min, max }, problems)) total += length(value);
  };
  if (embed.title !== undefined) counted(`${where}.title`, embed.title, 1, 256);
  if (embed.description !== undefined) counted(`${where}.description`, embed.description, 1, 4096);
  if (embed.url !== undefined && !/^https?:\/\/\S+$/.test(String(embed.url))) {
    problems.push(`${where}.url: not an http(s) URL`);
  }
  if (
    embed.color !== undefined &&
    !(Number.isInteger(embed.color) && Number(embed.color) >= 0 && Number(embed.color) <= 0xffffff)
  ) {
    problems.push(`${where}.color: not a colour`);
  }
  if (embed.timestamp !== undefined && Number.isNaN(Date.parse(String(embed.timestamp)))) {
    problems.push(`${where}.timestamp: not ISO 8601`);
  }
  if (embed.fields !== undefined) {
    const fields = Array.isArray(embed.fields) ? embed.fields : [];
    if (fields.length > 25) problems.push(`${where}.fields: ${fields.length}, over 25`);
    fields.forEach((field, i) => {
      if (!isObject(field)) return problems.push(`${where}.fields[${i}]: not an object`);
      checkKeys(`${where}.fields[${i}]`, field, ['name', 'value', 'inline'], problems);
      counted(`${where}.fields[${i}].name`, field.name, 1, 256);
      counted(`${where}.fields[${i}].value`, field.value, 1, 1024);
    });
  }
  if (isObject(embed.footer)) counted(`${where}.footer.text`, embed.footer.text, 1, 2048);
  if (isObject(embed.author)) counted(`${where}.author.name`, embed.author.name, 1, 256);
  return total;
}

/** Why Discord would refuse this execute-webhook body; [] when it is a valid message. */
export function discordMessageProblems(body: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(body)) return ['body: not a JSON object'];
  checkKeys(
    'body',
    body,
    ['content', 'username', 'avatar_url', 'tts', 'embeds', 'allowed_mentions', 'flags'],
    problems,
  );
  if (body.content !== undefined) checkText('content', body.content, { max: 2000 }, problems);
  const embeds = Array.isArray(body.embeds) ? body.embeds : [];
  if (body.embeds !== undefined && !Array.isArray(body.embeds))
    problems.push('embeds: not an array');
  if (embeds.length > 10) problems.push(`embeds: ${embeds.length}, over 10`);
  if (embeds.length === 0 && !body.content) problems.push('body: neither content nor embeds');
  const total = embeds.reduce<number>(
    (sum, embed, i) => sum + checkDiscordEmbed(`embeds[${i}]`, embed, problems),
    0,
  );
  if (total > 6000) problems.push(`embeds: ${total} characters in all, over 6000`);
  return problems;
}

export interface ChatReceiver extends WebhookReceiver {
  /** The bodies received, parsed, in arrival order. */
  messages(): unknown[];
  problems(): string[];
}

/**
 * A loopback receiver that answers like the platform: Slack 200 "ok" or 400 "invalid_blocks",
 * Discord 204 or 400 "Invalid Form Body". `answer` overrides the answer to a valid message
 * (a 429, say).
 */
export async function startChatReceiver(
  platform: 'slack' | 'discord',
  answer?: Responder,
): Promise<ChatReceiver> {
  const problemsOf = platform === 'slack' ? slackMessageProblems : discordMessageProblems;
  const found: string[] = [];
  const parse = (request: ReceivedRequest): unknown => {
    try {
      return JSON.parse(request.body.toString('utf8'));
    } catch {
      return undefined;
    }
  };
  const receiver = await startWebhookReceiver((request, response) => {
    const problems = problemsOf(parse(request));
    found.push(...problems);
    if (problems.length > 0) {
      if (platform === 'slack') response.writeHead(400).end('invalid_blocks');
      else
        response.writeHead(400).end(JSON.stringify({ code: 50035, message: 'Invalid Form Body' }));
    } else if (answer) {
      answer(request, response);
    } else if (platform === 'slack') {
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    } else {
      response.writeHead(204).end();
    }
  });
  return {
    ...receiver,
    messages: () => receiver.requests.map(parse),
    problems: () => [...found],
  };
}
