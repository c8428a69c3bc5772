import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';

/** WEBHOOK_ALLOW_PRIVATE lets webhooks reach the server's own network: say so loudly at startup. */
@Injectable()
export class PrivateTargetsWarning implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.webhooks.allowPrivate) return;
    this.logger.warn(
      { setting: 'WEBHOOK_ALLOW_PRIVATE' },
      'WEBHOOK_ALLOW_PRIVATE is on: webhooks may use http:// and reach loopback and private addresses; for local development only, never in production',
    );
  }
}
