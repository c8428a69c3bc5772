import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Product } from '../../config/plans.js';
import { requestOf } from '../../common/http/request-of.js';
import { RequestAuthenticator } from './request-authenticator.service.js';
import { PUBLIC_ROUTE, REQUIRED_PRODUCT } from './auth.decorators.js';

@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const product =
      this.reflector.getAllAndOverride<Product>(REQUIRED_PRODUCT, targets) ?? 'alerts';
    await this.authenticator.authenticate(requestOf(context), product);
    return true;
  }
}
