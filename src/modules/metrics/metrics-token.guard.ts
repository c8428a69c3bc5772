import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { requestOf } from '../../common/http/request-of.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { hashApiKey, hashesEqual } from '../accounts/api-key-secret.js';
import { bearerToken } from '../auth/bearer-token.js';

/**
 * GET /metrics on the public port: a scrape must present METRICS_TOKEN as a Bearer token. Without
 * METRICS_TOKEN the route answers as a path the service does not serve (METRICS_PORT is then the
 * way to scrape, from the same host).
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly expectedHash: string | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.expectedHash = config.metricsToken === null ? null : hashApiKey(config.metricsToken);
  }

  canActivate(context: ExecutionContext): boolean {
    if (this.expectedHash === null) throw AppError.routeNotFound();
    const given = bearerToken(requestOf(context).headers.authorization);
    // Compared as hashes: equal lengths for timingSafeEqual whatever was sent.
    if (given !== undefined && hashesEqual(hashApiKey(given), this.expectedHash)) return true;
    throw new AppError('unauthorized', 'Missing or invalid metrics token');
  }
}
