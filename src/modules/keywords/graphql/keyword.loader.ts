import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import type { AppRequest } from '../../../common/http/request-of.js';
import type { Caller } from '../../auth/caller.js';
import type { KeywordEntity } from '../keyword.entity.js';
import { KeywordsService } from '../keywords.service.js';

/** Keywords by id for one request: a page of alerts costs one keyword query, whatever its size. */
@Injectable()
export class KeywordLoader {
  private readonly perRequest = new WeakMap<AppRequest, DataLoader<string, KeywordEntity | null>>();

  constructor(private readonly keywords: KeywordsService) {}

  /** The caller's live keyword, or null once it has been deleted. */
  load(req: AppRequest, caller: Caller, keywordId: string): Promise<KeywordEntity | null> {
    let loader = this.perRequest.get(req);
    if (!loader) {
      loader = new DataLoader(async (ids: readonly string[]) => {
        const live = new Map(
          (await this.keywords.findLiveByIds(caller.accountId, ids)).map((k) => [k.id, k]),
        );
        return ids.map((id) => live.get(id) ?? null);
      });
      this.perRequest.set(req, loader);
    }
    return loader.load(keywordId);
  }
}
