import { SeededRandom } from './random.js';

/**
 * The data side of the simulated Reddit: two sequential base-36 id counters (t3 posts, t1
 * comments), items that never become visible, listings that show an item only after a lag (at
 * its id position, so late items land below newer ones) and only the 1,000 newest, and /api/info
 * that shows visible items about a second after creation. Time comes from `now()`, so tests can
 * move it; items arrive at configurable rates as time passes, and every one is kept for the books.
 */

export type ThingKind = 't3' | 't1';
export type RawData = Record<string, unknown>;

export interface Thing {
  kind: ThingKind;
  numericId: number;
  createdMs: number;
  /** Never visible (removed, spam, private subreddit): absent from listings and /api/info. */
  hidden: boolean;
  /** Visible on /api/info but left out of /r/all (a subreddit opted out of r/all). */
  unlisted: boolean;
  listedAt: number;
  infoAt: number;
  data: RawData;
}

export interface WorldRealism {
  /** Share of new ids that never become visible. */
  neverVisibleShare: number;
  /** Share of items whose listing lag is long (`lateLagMs`) instead of `lagMs`. */
  lateShare: number;
  lagMs: [number, number];
  lateLagMs: [number, number];
  infoDelayMs: [number, number];
  listingWindow: number;
}

/** Reddit as the issue describes it. */
export const REDDIT_REALISM: WorldRealism = {
  neverVisibleShare: 0.15,
  lateShare: 0.04,
  lagMs: [0, 3_000],
  lateLagMs: [5_000, 25_000],
  infoDelayMs: [500, 1_500],
  listingWindow: 1_000,
};

/** Everything visible at once, nothing hidden: for tests of the HTTP client itself. */
export const INSTANT: WorldRealism = {
  neverVisibleShare: 0,
  lateShare: 0,
  lagMs: [0, 0],
  lateLagMs: [0, 0],
  infoDelayMs: [0, 0],
  listingWindow: 1_000,
};

export interface GeneratorRates {
  /** New ids per second (visible or not), per kind. */
  postsPerSecond: number;
  commentsPerSecond: number;
  /** Share of comments made on posts older than the simulation (parents only /api/info has). */
  oldParentShare?: number;
  /** Words every generated item carries, by its sequence number (for matching keywords). */
  words?: (sequence: number) => string;
}

const FIRST_POST_ID = parseInt('kzj600', 36);
const FIRST_COMMENT_ID = parseInt('fy72w00', 36);
const SUBREDDITS = ['Amd', 'AskReddit', 'WhitePeopleTwitter', 'nba'];
const OLD_POSTS = 5_000;
const DEFAULT_OLD_PARENT_SHARE = 0.3;
/** Comments on new posts go mostly to posts of the last few minutes. */
const RECENT_PARENTS = 2_000;

export class RedditWorld {
  private readonly things = new Map<string, Thing>();
  private readonly byKind: Record<ThingKind, Thing[]> = { t3: [], t1: [] };
  private nextId: Record<ThingKind, number> = { t3: FIRST_POST_ID, t1: FIRST_COMMENT_ID };
  private readonly random: SeededRandom;
  private rates: GeneratorRates | null = null;
  private generatedUntil = 0;
  private nextArrival: Record<ThingKind, number> = { t3: 0, t1: 0 };
  private sequence = 0;
  private oldPosts: Thing[] = [];

  constructor(
    readonly now: () => number,
    readonly realism: WorldRealism = REDDIT_REALISM,
    seed = 1,
  ) {
    this.random = new SeededRandom(seed);
  }

  /** Starts creating items on its own as time passes (from now on). */
  generate(rates: GeneratorRates): void {
    this.catchUp();
    this.rates = rates;
    const now = this.now();
    this.generatedUntil = now;
    this.nextArrival = {
      t3: now + this.random.gapMs(rates.postsPerSecond / 1_000),
      t1: now + this.random.gapMs(rates.commentsPerSecond / 1_000),
    };
    if (this.oldPosts.length === 0 && (rates.oldParentShare ?? DEFAULT_OLD_PARENT_SHARE) > 0)
      this.createOldPosts();
  }

  stopGenerating(): void {
    this.catchUp();
    this.rates = null;
  }

  /** Creates what the generator owes up to now; every read of the world calls this first. */
  catchUp(): void {
    const rates = this.rates;
    if (rates === null) return;
    const now = this.now();
    for (;;) {
      const kind: ThingKind = this.nextArrival.t3 <= this.nextArrival.t1 ? 't3' : 't1';
      const at = this.nextArrival[kind];
      if (at > now) break;
      this.sequence += 1;
      const words = rates.words?.(this.sequence) ?? '';
      if (kind === 't3') {
        this.createPost(at, { title: `Post ${this.sequence} ${words}`.trim() });
        this.nextArrival.t3 = at + this.random.gapMs(rates.postsPerSecond / 1_000);
      } else {
        const parent = this.pickParent(rates.oldParentShare ?? DEFAULT_OLD_PARENT_SHARE);
        this.createComment(at, parent, { body: `Comment ${this.sequence} ${words}`.trim() });
        this.nextArrival.t1 = at + this.random.gapMs(rates.commentsPerSecond / 1_000);
      }
    }
    this.generatedUntil = now;
  }

  createPost(createdMs: number, fields: RawData = {}, overrides: Partial<Thing> = {}): Thing {
    const numericId = this.nextId.t3++;
    const id = numericId.toString(36);
    const subreddit = SUBREDDITS[numericId % SUBREDDITS.length];
    const createdUtc = Math.floor(createdMs / 1_000);
    return this.store('t3', numericId, createdMs, overrides, {
      subreddit,
      selftext: `Body of post ${id} \u{1F97A}`,
      author_fullname: 't2_3jpikx3m',
      title: `Post ${id}`,
      subreddit_name_prefixed: `r/${subreddit}`,
      name: `t3_${id}`,
      upvote_ratio: 1.0,
      ups: 1,
      score: 1,
      edited: false,
      is_self: true,
      created: createdUtc,
      domain: `self.${subreddit}`,
      id,
      author: `author_${id}`,
      num_comments: 0,
      permalink: `/r/${subreddit}/comments/${id}/post_${id}/`,
      url: `https://www.reddit.com/r/${subreddit}/comments/${id}/post_${id}/`,
      created_utc: createdUtc,
      over_18: false,
      ...fields,
    });
  }

  createComment(
    createdMs: number,
    postId: string,
    fields: RawData = {},
    overrides: Partial<Thing> = {},
  ): Thing {
    const numericId = this.nextId.t1++;
    const id = numericId.toString(36);
    const post = this.things.get(`t3_${postId}`)?.data;
    const subreddit = typeof post?.subreddit === 'string' ? post.subreddit : 'AskReddit';
    const createdUtc = Math.floor(createdMs / 1_000);
    return this.store('t1', numericId, createdMs, overrides, {
      link_id: `t3_${postId}`,
      replies: '',
      id,
      author: `commenter_${id}`,
      num_comments: 1,
      created_utc: createdUtc,
      parent_id: `t3_${postId}`,
      score: 1,
      body: `Comment ${id}`,
      link_title: typeof post?.title === 'string' ? post.title : 'Unknown post',
      name: `t1_${id}`,
      edited: false,
      subreddit,
      subreddit_name_prefixed: `r/${subreddit}`,
      permalink: `/r/${subreddit}/comments/${postId}/post_${postId}/${id}/`,
      link_permalink: `https://www.reddit.com/r/${subreddit}/comments/${postId}/post_${postId}/`,
      created: createdUtc,
      ...fields,
    });
  }

  thing(fullname: string): Thing | undefined {
    return this.things.get(fullname);
  }

  /** Every item created, oldest first per kind (the simulation's books). */
  created(kind: ThingKind): readonly Thing[] {
    this.catchUp();
    return this.byKind[kind];
  }

  /** The listing as Reddit would show it now: listed items, newest id first, the window only. */
  listingWindow(kind: ThingKind): Thing[] {
    this.catchUp();
    const now = this.now();
    const all = this.byKind[kind];
    const window: Thing[] = [];
    for (
      let index = all.length - 1;
      index >= 0 && window.length < this.realism.listingWindow;
      index -= 1
    ) {
      const thing = all[index];
      if (!thing.hidden && !thing.unlisted && thing.listedAt <= now) window.push(thing);
    }
    return window;
  }

  /** What /api/info returns for a fullname now, or undefined. */
  lookUp(fullname: string): Thing | undefined {
    this.catchUp();
    const thing = this.things.get(fullname);
    if (thing === undefined || thing.hidden || thing.infoAt > this.now()) return undefined;
    return thing;
  }

  private store(
    kind: ThingKind,
    numericId: number,
    createdMs: number,
    overrides: Partial<Thing>,
    data: RawData,
  ): Thing {
    const { realism, random } = this;
    const late = random.chance(realism.lateShare);
    const [lagMin, lagMax] = late ? realism.lateLagMs : realism.lagMs;
    const thing: Thing = {
      kind,
      numericId,
      createdMs,
      hidden: random.chance(realism.neverVisibleShare),
      unlisted: false,
      listedAt: createdMs + random.between(lagMin, lagMax),
      infoAt: createdMs + random.between(...realism.infoDelayMs),
      data,
      ...overrides,
    };
    this.things.set(`${kind}_${numericId.toString(36)}`, thing);
    this.byKind[kind].push(thing);
    return thing;
  }

  /** Posts from before the simulation, a day old and older: parents only /api/info serves. */
  private createOldPosts(): void {
    const now = this.now();
    for (let index = 0; index < OLD_POSTS; index += 1) {
      const createdMs = now - 86_400_000 + (index * 86_000_000) / OLD_POSTS;
      this.oldPosts.push(this.createPost(createdMs, {}, { listedAt: createdMs }));
    }
  }

  private pickParent(oldShare: number): string {
    const recent = this.byKind.t3;
    const useOld =
      this.oldPosts.length > 0 && (this.random.chance(oldShare) || recent.length === 0);
    const pool = useOld ? this.oldPosts : recent.slice(-RECENT_PARENTS);
    // Skewed towards the newest posts of the pool, as attention is.
    const index = Math.floor(pool.length * (1 - this.random.next() ** 3));
    return (pool[Math.min(pool.length - 1, index)] ?? pool[0]).numericId.toString(36);
  }
}
