import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '../../common/errors/app-error.js';
import { requestOf } from '../../common/http/request-of.js';
import { RequestAuthenticator } from './request-authenticator.service.js';
import { PUBLIC_ROUTE, REQUIRED_PRODUCT, type ProductRequirement } from './auth.decorators.js';

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
      this.reflector.getAllAndOverride<ProductRequirement>(REQUIRED_PRODUCT, targets) ?? 'alerts';
    const request = requestOf(context);
    if (product !== 'either') {
      await this.authenticator.authenticate(request, product);
      return true;
    }
    await this.authenticator.authenticate(request, 'alerts').catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'wrong_product') {
        return this.authenticator.authenticate(request, 'app');
      }
      throw error;
    });
    return true;
  }
}
