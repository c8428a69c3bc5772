import { Injectable } from '@nestjs/common';
import type { AppRequest } from '../../../common/http/request-of.js';
import type { Caller } from '../../auth/caller.js';
import { RequestLoaders } from '../../graphql/common/request-loaders.js';
import type { KeywordEntity } from '../keyword.entity.js';
import { KeywordsService } from '../keywords.service.js';

/** Keywords by id for one request: a page of alerts costs one keyword query, whatever its size. */
@Injectable()
export class KeywordLoader {
  private readonly loaders = new RequestLoaders<string, KeywordEntity | null>();

  constructor(private readonly keywords: KeywordsService) {}

  /** The caller's live keyword, or null once it has been deleted. */
  load(req: AppRequest, caller: Caller, keywordId: string): Promise<KeywordEntity | null> {
    const loader = this.loaders.of(req, 'live', async (ids) => {
      const live = new Map(
        (await this.keywords.findLiveByIds(caller.accountId, ids)).map((k) => [k.id, k]),
      );
      return ids.map((id) => live.get(id) ?? null);
    });
    return loader.load(keywordId);
  }
}
