import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { clientAddress } from '../../common/http/client-address.js';
import type { AppRequest } from '../../common/http/request-of.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { Product } from '../../config/plans.js';
import { ApiKeyAuthenticator } from './api-key-authenticator.service.js';
import { AuthFailureLimiter } from './auth-failure-limiter.service.js';
import type { Caller } from './caller.js';

/**
 * Authenticates an HTTP request once, however many guards ask (a GraphQL operation runs the
 * guards once per root field): one key hash and one lookup per request. Failures count against
 * the client address.
 */
@Injectable()
export class RequestAuthenticator {
  private readonly attempts = new WeakMap<AppRequest, Map<Product, Promise<Caller>>>();

  constructor(
    private readonly keys: ApiKeyAuthenticator,
    private readonly failures: AuthFailureLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  authenticate(request: AppRequest, product: Product): Promise<Caller> {
    let byProduct = this.attempts.get(request);
    if (!byProduct) {
      byProduct = new Map();
      this.attempts.set(request, byProduct);
    }
    let attempt = byProduct.get(product);
    if (!attempt) {
      attempt = this.attempt(request, product);
      byProduct.set(product, attempt);
    }
    return attempt;
  }

  private async attempt(request: AppRequest, product: Product): Promise<Caller> {
    try {
      const caller = await this.keys.authenticate(request.headers.authorization, product);
      request.caller = caller;
      return caller;
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized') {
        const address = clientAddress(request, this.config.publicUrls.trustProxy);
        return this.failures.refuse(address, error);
      }
      throw error;
    }
  }
}
