import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { AppError } from '../../../common/errors/app-error.js';
import { CurrentCaller, RequireRole } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { CreateKeywordInput } from '../../keywords/graphql/keyword.inputs.js';
import { checkKeywordDraft } from '../../keywords/keyword-rules.js';
import { PreviewBudget } from '../../rate-limit/rate-limit.decorators.js';
import { RecentWindow } from '../../recent-items/recent-window.service.js';
import { KeywordPreviewService } from '../keyword-preview.service.js';
import { KeywordPreviewModel, toKeywordPreviewModel } from './keyword-preview.model.js';

@Resolver(() => KeywordPreviewModel)
export class PreviewResolver {
  constructor(
    private readonly previews: KeywordPreviewService,
    private readonly window: RecentWindow,
  ) {}

  @Query(() => KeywordPreviewModel, {
    name: 'previewKeyword',
    description:
      'REST POST /keywords/preview: what the keyword would have matched in the last `hours` of the recent window (default all of it). Stores nothing; counted against PREVIEW_RATE_PER_MINUTE as well.',
  })
  // Part of writing a keyword, and spends the preview budget: what a member does.
  @RequireRole('member')
  @PreviewBudget()
  async preview(
    @CurrentCaller() caller: Caller,
    @Args('input') input: CreateKeywordInput,
    @Args('hours', { type: () => Int, nullable: true, defaultValue: null }) hours: number | null,
  ): Promise<KeywordPreviewModel> {
    const checked = checkKeywordDraft(input, this.window.hours);
    if (!checked.ok) throw AppError.invalidBody(checked.message);
    return toKeywordPreviewModel(await this.previews.preview(caller, checked.keyword, hours));
  }
}
