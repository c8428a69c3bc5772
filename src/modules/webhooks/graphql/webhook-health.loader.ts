import { Injectable } from '@nestjs/common';
import type { AppRequest } from '../../../common/http/request-of.js';
import type { Caller } from '../../auth/caller.js';
import { RequestLoaders } from '../../graphql/common/request-loaders.js';
import { WebhookHealthService, type WebhookHealth } from '../delivery-log/webhook-health.service.js';

/** Webhooks' health for one request: a list of webhooks costs one query. */
@Injectable()
export class WebhookHealthLoader {
  private readonly loaders = new RequestLoaders<string, WebhookHealth>();

  constructor(private readonly health: WebhookHealthService) {}

  load(req: AppRequest, caller: Caller, webhookId: string): Promise<WebhookHealth> {
    const loader = this.loaders.of(req, 'last24h', async (ids) => {
      const byWebhook = await this.health.last24h(caller.accountId, ids);
      return ids.map((id) => byWebhook.get(id)!);
    });
    return loader.load(webhookId);
  }
}
