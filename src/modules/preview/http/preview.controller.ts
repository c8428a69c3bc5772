import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../../common/api-docs/api-route.decorator.js';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { PreviewBudget } from '../../rate-limit/rate-limit.decorators.js';
import { RecentWindow } from '../../recent-items/recent-window.service.js';
import { KeywordPreviewService, type KeywordPreview } from '../keyword-preview.service.js';
import { PREVIEW_DOCS } from './preview.api-docs.js';
import { previewRequestOf } from './preview-request.js';

@ApiTags('Keywords')
@Controller('keywords')
export class PreviewController {
  constructor(
    private readonly previews: KeywordPreviewService,
    private readonly window: RecentWindow,
  ) {}

  @Post('preview')
  @HttpCode(200)
  @PreviewBudget()
  @ApiRoute(PREVIEW_DOCS.preview)
  async preview(
    @CurrentCaller() caller: Caller,
    @Body() body: unknown,
  ): Promise<{ data: KeywordPreview }> {
    const { keyword, hours } = previewRequestOf(body, this.window.hours);
    return { data: await this.previews.preview(caller, keyword, hours) };
  }
}
