import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import { AppError } from '../../common/errors/app-error.js';
import { httpOf } from '../../common/http/request-of.js';
import { READ_THROTTLER } from './throttlers.js';

/**
 * @nestjs/throttler keyed by API key or signed-in user or operator (not by IP and route), with the spec's headers:
 * X-RateLimit-Reset is the epoch second at which the window resets.
 */
@Injectable()
export class ApiRateLimitGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    const { req } = httpOf(context);
    return !req.caller && !req.operator;
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, throttler, blockDuration } = request;
    const { req, res } = httpOf(context);
    const keyId = req.caller?.keyId ?? `operator:${req.operator?.userId ?? ''}`;
    const name = throttler.name ?? READ_THROTTLER;
    const record = await this.storageService.increment(
      `${name}:${keyId}`,
      ttl,
      limit,
      blockDuration,
      name,
    );
    const nowSeconds = Math.floor(Date.now() / 1000);
    if (name === READ_THROTTLER && !res.headersSent) {
      res.setHeader('X-RateLimit-Limit', String(limit));
      res.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - record.totalHits)));
      res.setHeader('X-RateLimit-Reset', String(nowSeconds + record.timeToExpire));
    }
    if (record.isBlocked) {
      const retryAfter = Math.max(1, record.timeToBlockExpire);
      throw new AppError('rate_limited', `Rate limit of ${limit} requests per minute exceeded`, {
        'Retry-After': String(retryAfter),
      });
    }
    return true;
  }
}
