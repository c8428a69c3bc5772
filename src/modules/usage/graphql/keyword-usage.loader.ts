import { Injectable } from '@nestjs/common';
import type { AppRequest } from '../../../common/http/request-of.js';
import type { AccountScope } from '../../auth/caller.js';
import { RequestLoaders } from '../../graphql/common/request-loaders.js';
import { checkHistoryDays, type UsageDay } from '../usage-history.js';
import { UsageHistoryService } from '../usage-history.service.js';

interface KeywordWindow {
  keywordId: string;
  days: number;
}

/**
 * Keywords' daily counters for one request: the fields of a keyword list (today's matches, the
 * cap, a 30-day series, another window) cost one query, read for the longest window asked for
 * and cut for each field. Not cached: a later load may want a longer window.
 */
@Injectable()
export class KeywordUsageLoader {
  private readonly loaders = new RequestLoaders<KeywordWindow, UsageDay[]>();

  constructor(private readonly history: UsageHistoryService) {}

  /** The keyword's last `days` UTC days, oldest first, today last. */
  load(req: AppRequest, scope: AccountScope, keywordId: string, days: number): Promise<UsageDay[]> {
    // Checked before batching, so a bad window fails alone instead of failing the batch's loads.
    checkHistoryDays(days, scope.limits);
    const loader = this.loaders.of(
      req,
      'windows',
      async (windows) => {
        const longest = Math.max(...windows.map((window) => window.days));
        const ids = [...new Set(windows.map((window) => window.keywordId))];
        const byKeyword = await this.history.keywordDays(scope, ids, longest);
        return windows.map((window) => byKeyword.get(window.keywordId)!.slice(-window.days));
      },
      { cache: false },
    );
    return loader.load({ keywordId, days });
  }
}
