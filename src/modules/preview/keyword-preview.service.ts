import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { isoWithMillis } from '../../common/time/timestamps.js';
import type { AlertResponseDto } from '../alerts/dto/alert.dto.js';
import { toAlertResponse } from '../alerts/alert-payload.js';
import type { Caller } from '../auth/caller.js';
import type { KeywordInput } from '../keywords/keyword-rules.js';
import { matchHighlights, type Highlight } from '../matching/highlights/match-highlights.js';
import type { KeywordDefinition } from '../matching/keyword-definition.js';
import { KeywordMatcher, type KeywordMatcherOptions } from '../matching/keyword-matcher.js';
import { languageOptionsFor } from '../matching/language/language-options.js';
import { recentAlert, recentMatchInput, type RecentItem } from '../recent-items/recent-item.js';
import type { TimeRange, WeightedCandidate } from '../recent-items/recent-item.store.js';
import { RecentWindow } from '../recent-items/recent-window.service.js';
import { keywordAnchors, type KeywordAnchors } from '../recent-items/window-search.js';
import { tallyMatches, type TalliedMatch } from './preview-tally.js';

const HOUR_MS = 3_600_000;
/** Up to this many candidates, every one is verified and the counts are exact. */
export const VERIFY_ALL_LIMIT = 5_000;
/** Past it, about this many are verified, spread over the hours by their candidates. */
export const SAMPLE_SIZE = 5_000;
export const SAMPLES_SHOWN = 25;

/** An alert-shaped match: no alert was stored, so it has no inbox id and no keyword id. */
export interface PreviewSample extends Omit<AlertResponseDto, 'inbox_id' | 'keyword_id'> {
  inbox_id: null;
  keyword_id: null;
  highlights: Highlight[];
}

export interface KeywordPreview {
  from: string;
  to: string;
  items_searched: number;
  matches: number;
  estimated: boolean;
  per_hour: { hour: string; matches: number }[];
  subreddits: { subreddit: string; matches: number }[];
  samples: PreviewSample[];
  daily_cap: number;
  days_over_cap: number;
}

/** A candidate the matcher verified, and how many candidates it stands for in the counts. */
type Verified = WeightedCandidate;

/**
 * What a keyword would have matched in the recent window (decisions.md section 14): candidates
 * found by its anchors, each verified by the live matcher's own code on the item as it was
 * ingested, so a count is exact unless `estimated`. Stores nothing.
 */
@Injectable()
export class KeywordPreviewService {
  constructor(private readonly window: RecentWindow) {}

  /** `hours`: the part of the window to search, null for all of it. */
  async preview(
    caller: Caller,
    input: KeywordInput,
    hours: number | null,
  ): Promise<KeywordPreview> {
    if (this.window.hours === 0) {
      throw AppError.invalidBody('preview is off: the recent window (RECENT_ITEMS_HOURS) is 0');
    }
    if (hours !== null && (hours < 1 || hours > this.window.hours)) {
      throw AppError.invalidBody(`hours must be an integer from 1 to ${this.window.hours}`);
    }
    const range = this.window.range(hours ?? this.window.hours);
    const definition = previewDefinition(caller, input);
    const anchors = keywordAnchors(definition);
    const options = await languageOptionsFor(definition.query);
    const matcher = new KeywordMatcher([definition], options);
    const [itemsSearched, verified] = await Promise.all([
      this.window.itemsIn(range),
      this.verifiedMatches(matcher, anchors, range),
    ]);
    const tally = tallyMatches(verified.map(talliedOf), range, caller.limits.perKeywordDailyCap);
    return {
      from: isoWithMillis(range.fromMs),
      to: isoWithMillis(range.toMs - 1),
      items_searched: itemsSearched,
      matches: tally.matches,
      estimated: tally.estimated,
      per_hour: tally.perHour,
      subreddits: tally.subreddits,
      samples: newestFirst(verified)
        .slice(0, SAMPLES_SHOWN)
        .map(({ recent }) => sampleOf(recent, definition, options)),
      daily_cap: caller.limits.perKeywordDailyCap,
      days_over_cap: tally.daysOverCap,
    };
  }

  /**
   * Every candidate verified, or when there are too many, a sample: the database's own
   * (sampleCandidates), else each hour's newest in proportion to the hour's candidates.
   */
  private async verifiedMatches(
    matcher: KeywordMatcher,
    anchors: KeywordAnchors,
    range: TimeRange,
  ): Promise<Verified[]> {
    const matches = (recent: RecentItem) => matcher.match(recentMatchInput(recent)).length > 0;
    const total = await this.window.countCandidates(anchors, range, VERIFY_ALL_LIMIT + 1);
    if (total <= VERIFY_ALL_LIMIT) {
      const candidates = await this.window.candidates(anchors, range, { limit: total });
      return candidates.filter(matches).map((recent) => ({ recent, weight: 1 }));
    }
    const sample = await this.window.sampleCandidates(anchors, range, SAMPLE_SIZE);
    if (sample !== null) return sample.filter(({ recent }) => matches(recent));
    const perHour = await this.window.countCandidatesPerHour(anchors, range);
    const byHour = hoursOf(range).map((hour): [TimeRange, number] => [
      hour,
      perHour.get(hour.fromMs - (hour.fromMs % HOUR_MS)) ?? 0,
    ]);
    const all = byHour.reduce((sum, [, count]) => sum + count, 0);
    const verified: Verified[] = [];
    for (const [hour, inHour] of byHour) {
      if (inHour === 0) continue;
      const limit = Math.max(1, Math.round((SAMPLE_SIZE * inHour) / all));
      const sample = await this.window.candidates(anchors, hour, { limit });
      const weight = inHour / sample.length;
      for (const recent of sample) if (matches(recent)) verified.push({ recent, weight });
    }
    return verified;
  }
}

/** The keyword as the matcher reads it; it belongs to no one and has no id. */
function previewDefinition(caller: Caller, input: KeywordInput): KeywordDefinition {
  return {
    id: 'preview',
    accountId: caller.accountId,
    text: input.text,
    mode: input.mode,
    trackPosts: input.trackPosts,
    trackComments: input.trackComments,
    filters: input.filters,
    query: input.query,
  };
}

/** The range cut at whole hours (the first and last maybe partial). */
function hoursOf({ fromMs, toMs }: TimeRange): TimeRange[] {
  const hours: TimeRange[] = [];
  for (let start = fromMs; start < toMs;) {
    const end = Math.min(toMs, (Math.floor(start / HOUR_MS) + 1) * HOUR_MS);
    hours.push({ fromMs: start, toMs: end });
    start = end;
  }
  return hours;
}

function talliedOf({ recent, weight }: Verified): TalliedMatch {
  return { atMs: recent.seenAt, subreddit: recent.item.subreddit, weight };
}

function newestFirst(verified: readonly Verified[]): Verified[] {
  return [...verified].sort((a, b) => b.recent.rowId - a.recent.rowId);
}

/** An alert-shaped sample: no alert, no keyword id, stamped when the item was ingested. */
function sampleOf(
  recent: RecentItem,
  definition: KeywordDefinition,
  options: KeywordMatcherOptions,
): PreviewSample {
  const alert = toAlertResponse(recentAlert('', recent, definition, recent.seenAt));
  return {
    ...alert,
    inbox_id: null,
    keyword_id: null,
    highlights: matchHighlights(definition, recentMatchInput(recent), options),
  };
}
