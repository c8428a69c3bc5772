import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { requestOf } from '../../common/http/request-of.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { hashApiKey, hashesEqual } from '../accounts/api-key-secret.js';
import { bearerToken } from '../auth/bearer-token.js';

/** With METRICS_TOKEN set, a scrape must present it as a Bearer token; without it /metrics is open. */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly expectedHash: string | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.expectedHash = config.metricsToken === null ? null : hashApiKey(config.metricsToken);
  }

  canActivate(context: ExecutionContext): boolean {
    if (this.expectedHash === null) return true;
    const given = bearerToken(requestOf(context).headers.authorization);
    // Compared as hashes: equal lengths for timingSafeEqual whatever was sent.
    if (given !== undefined && hashesEqual(hashApiKey(given), this.expectedHash)) return true;
    throw new AppError('unauthorized', 'Missing or invalid metrics token');
  }
}
