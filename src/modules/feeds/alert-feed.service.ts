import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppError } from '../../common/errors/app-error.js';
import { singleQueryParam } from '../../common/http/query-param.js';
import { alertQueryOf } from '../alerts/alert-query.js';
import { AlertsService } from '../alerts/alerts.service.js';
import { KeywordStore } from '../keywords/keyword.store.js';
import { renderAlertFeed } from './alert-feed.builder.js';
import { FeedAccessService } from './feed-access.service.js';
import { FEED_CONTENT_TYPES, type FeedFormat } from './feed-format.js';
import { feedUrl } from './feed-urls.js';

/** Items per feed: the newest alerts, as the first page of GET /alerts shows them. */
export const FEED_ITEM_LIMIT = 50;

export interface FeedRequest {
  format: FeedFormat;
  token: string;
  /** The raw keyword_id query value. */
  keywordId: unknown;
  baseUrl: string;
}

export interface RenderedFeed {
  body: string;
  contentType: string;
  /** Strong validator: a hash of the exact document. */
  etag: string;
}

/** An account's alerts as a feed: exactly what GET /alerts lists, newest first. */
@Injectable()
export class AlertFeedService {
  constructor(
    private readonly access: FeedAccessService,
    private readonly alerts: AlertsService,
    private readonly keywords: KeywordStore,
  ) {}

  async render(request: FeedRequest): Promise<RenderedFeed> {
    const reader = await this.access.resolve(request.token);
    const query = alertQueryOf({
      keywordId: singleQueryParam('keyword_id', request.keywordId),
      limit: FEED_ITEM_LIMIT,
    });
    const keywordText =
      query.keywordId === null
        ? null
        : await this.keywordText(reader.account.accountId, query.keywordId);
    const { alerts } = await this.alerts.list(reader.account, query);
    const body = renderAlertFeed({
      format: request.format,
      keywordText,
      selfUrl: feedUrl(request.baseUrl, request.token, request.format, query.keywordId),
      updated: new Date(alerts[0]?.matchedAt ?? reader.tokenCreatedAt),
      alerts,
    });
    const digest = createHash('sha256').update(body, 'utf8').digest('base64url');
    return { body, contentType: FEED_CONTENT_TYPES[request.format], etag: `"${digest}"` };
  }

  /** Deleted keywords included: their past alerts stay readable. */
  private async keywordText(accountId: string, keywordId: string): Promise<string> {
    const keyword = await this.keywords.findEverHeld(accountId, keywordId);
    if (!keyword) throw AppError.notFound('Keyword');
    return keyword.text;
  }
}
