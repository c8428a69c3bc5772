import { Controller, Get, Inject, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { Public } from '../../auth/auth.decorators.js';
import { AlertFeedService, type RenderedFeed } from '../alert-feed.service.js';
import type { FeedFormat } from '../feed-format.js';
import { publicBaseUrl } from '../../../common/http/public-base-url.js';
import { FeedRateLimitGuard } from './feed-rate-limit.guard.js';
import { ApiRoute } from '../../../common/api-docs/api-route.decorator.js';
import { PUBLIC_FEEDS_DOCS } from './feeds.api-docs.js';

/** The feeds readers subscribe to: the token in the path is the only credential. */
@Public()
@UseGuards(FeedRateLimitGuard)
@ApiTags('Feeds')
@Controller('feeds')
export class PublicFeedsController {
  constructor(
    private readonly feeds: AlertFeedService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':token/alerts.rss')
  @ApiRoute(PUBLIC_FEEDS_DOCS.rss)
  rss(
    @Param('token') token: string,
    @Query('keyword_id') keywordId: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.serve('rss', token, keywordId, request, response);
  }

  @Get(':token/alerts.atom')
  @ApiRoute(PUBLIC_FEEDS_DOCS.atom)
  atom(
    @Param('token') token: string,
    @Query('keyword_id') keywordId: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.serve('atom', token, keywordId, request, response);
  }

  /** Express's res.send answers 304 itself when If-None-Match carries this ETag. */
  private async serve(
    format: FeedFormat,
    token: string,
    keywordId: unknown,
    request: Request,
    response: Response,
  ): Promise<string> {
    const feed: RenderedFeed = await this.feeds.render({
      format,
      token,
      keywordId,
      baseUrl: publicBaseUrl(request, this.config.publicUrls),
    });
    response.setHeader('Content-Type', feed.contentType);
    response.setHeader('ETag', feed.etag);
    // The URL is a credential: no shared cache keeps it, and a rotated token fails at once.
    response.setHeader('Cache-Control', 'private, no-cache');
    response.setHeader('X-Robots-Tag', 'noindex');
    return feed.body;
  }
}
