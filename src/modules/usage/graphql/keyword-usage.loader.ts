import { Injectable } from '@nestjs/common';
import type { AppRequest } from '../../../common/http/request-of.js';
import type { AccountScope } from '../../auth/caller.js';
import { RequestLoaders } from '../../graphql/common/request-loaders.js';
import { checkHistoryDays, type UsageDay } from '../usage-history.js';
import { UsageHistoryService } from '../usage-history.service.js';

/** Keywords' daily counters for one request: a list of keywords costs one query per window. */
@Injectable()
export class KeywordUsageLoader {
  private readonly loaders = new RequestLoaders<string, UsageDay[]>();

  constructor(private readonly history: UsageHistoryService) {}

  /** The keyword's last `days` UTC days, oldest first, today last. */
  load(req: AppRequest, scope: AccountScope, keywordId: string, days: number): Promise<UsageDay[]> {
    // Checked before batching, so a bad window fails alone instead of failing the batch's loads.
    checkHistoryDays(days, scope.limits);
    const loader = this.loaders.of(req, `days:${days}`, async (ids) => {
      const byKeyword = await this.history.keywordDays(scope, ids, days);
      return ids.map((id) => byKeyword.get(id) ?? []);
    });
    return loader.load(keywordId);
  }
}
