import type { NewItem } from '../src/modules/ingestion/ingestion-sinks.js';
import { alertParentOf } from '../src/modules/ingestion/item-match-input.js';
import type { RedditItem } from '../src/modules/ingestion/reddit-item.js';
import { realItems, type RedditText } from './real-corpus.js';
import { itemSources } from './synthetic-stream.js';

/**
 * Items recombined from real Reddit text (realItems) as the pipeline hands them to the recent
 * window's store: ids of their own, subreddits and authors as the synthetic stream spreads them.
 */
export function* realNewItems(text: RedditText, count: number): Generator<NewItem> {
  const sources = itemSources(7);
  let index = 0;
  for (const synthetic of realItems(text, count, 11)) {
    const id = `w${(index++).toString(36)}`;
    const { subreddit, author } = sources.next().value!;
    const common = {
      id,
      subreddit,
      author,
      permalink: `/r/${subreddit}/comments/${id}/_/`,
      createdUtc: 1_763_700_000 + index,
      score: 1,
    };
    const item: RedditItem =
      synthetic.type === 'post'
        ? {
            type: 'post',
            ...common,
            title: synthetic.title ?? '',
            selftext: synthetic.selftext ?? '',
            numComments: 0,
            flair: null,
            url: null,
            domain: null,
            nsfw: false,
            isSelf: true,
          }
        : {
            type: 'comment',
            ...common,
            postId: 'p0',
            body: synthetic.body ?? '',
            linkTitle: text.titles[index % text.titles.length],
          };
    yield { item, parent: alertParentOf(item), foundParent: undefined };
  }
}
