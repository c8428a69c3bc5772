import type { MatchInput } from '../src/modules/matching/match-input.js';
import { realItems, redditText } from './real-corpus.js';
import {
  itemSources,
  syntheticItems,
  type ItemSource,
  type SyntheticItem,
} from './synthetic-stream.js';

/** The items bench:match runs its matchers on: synthetic, or recombined from real Reddit text. */
export interface Stream {
  readonly inputs: MatchInput[];
  readonly bytes: number;
}

const STREAM_SEED = 42;

type SourcedItem = SyntheticItem & ItemSource;

function toInput({ subreddit, author, ...item }: SourcedItem): MatchInput {
  return item.type === 'post'
    ? { type: 'post', fields: [item.title ?? '', item.selftext ?? ''], subreddit, author }
    : { type: 'comment', fields: [item.body ?? ''], subreddit, author };
}

/** Items go through JSON, as ingested items do, so their strings are flat like in production. */
function inputsOf(items: Iterable<SyntheticItem>): Stream {
  const sources = itemSources(STREAM_SEED);
  const sourced = [...items].map((item) => ({ ...item, ...sources.next().value }));
  const inputs = (JSON.parse(JSON.stringify(sourced)) as SourcedItem[]).map(toInput);
  return { inputs, bytes: byteSize(inputs) };
}

/** `count` synthetic items, their texts `lengthScale` times as long as usual. */
export function buildStream(count: number, lengthScale: number): Stream {
  return inputsOf(syntheticItems(count, STREAM_SEED, { lengthScale }));
}

/** `count` items recombined from the real Reddit responses under `redditDir`. */
export function realStream(redditDir: string, count: number): Stream {
  return inputsOf(realItems(redditText(redditDir), count, STREAM_SEED));
}

export function byteSize(inputs: readonly MatchInput[]): number {
  let bytes = 0;
  for (const input of inputs) {
    for (const field of input.fields) bytes += Buffer.byteLength(field, 'utf8');
  }
  return bytes;
}
