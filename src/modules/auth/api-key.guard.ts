import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Product } from '../../config/plans.js';
import { requestOf } from '../../common/http/request-of.js';
import { ApiKeyAuthenticator } from './api-key-authenticator.service.js';
import { PUBLIC_ROUTE, REQUIRED_PRODUCT } from './auth.decorators.js';

@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: ApiKeyAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const product =
      this.reflector.getAllAndOverride<Product>(REQUIRED_PRODUCT, targets) ?? 'alerts';
    const request = requestOf(context);
    request.caller = await this.authenticator.authenticate(request.headers.authorization, product);
    return true;
  }
}
