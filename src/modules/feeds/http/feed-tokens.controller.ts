import { Controller, Delete, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { toFeedSettingsResponse, type FeedTokenIssuedDto } from '../dto/feed-settings.dto.js';
import { FeedTokensService } from '../feed-tokens.service.js';
import { issuedFeedUrls } from '../feed-urls.js';
import { ApiRoute } from '../../../common/api-docs/api-route.decorator.js';
import { FEED_TOKENS_DOCS } from './feeds.api-docs.js';

/** Feed token management with the API key. Full path: this module is outside the /api/v1 router. */
@ApiTags('Feeds')
@Controller('api/v1/feeds')
export class FeedTokensController {
  constructor(
    private readonly tokens: FeedTokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiRoute(FEED_TOKENS_DOCS.show)
  async show(@CurrentCaller() caller: Caller) {
    return { data: toFeedSettingsResponse(await this.tokens.find(caller.accountId)) };
  }

  /** Creates the token, or rotates it: the previous URLs stop working at once. */
  @Post('token')
  @ApiRoute(FEED_TOKENS_DOCS.issue)
  async issue(
    @CurrentCaller() caller: Caller,
    @Req() request: Request,
  ): Promise<FeedTokenIssuedDto> {
    const { feedToken, token } = await this.tokens.issue(caller);
    const urls = issuedFeedUrls(request, this.config.publicUrls, token);
    return {
      data: toFeedSettingsResponse(feedToken),
      token,
      rss_url: urls.rssUrl,
      atom_url: urls.atomUrl,
    };
  }

  @Delete('token')
  @HttpCode(200)
  @ApiRoute(FEED_TOKENS_DOCS.revoke)
  async revoke(@CurrentCaller() caller: Caller) {
    await this.tokens.revoke(caller);
    return { deleted: true };
  }
}
