import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { GraphQLResolveInfo } from 'graphql';
import { AppError } from '../../common/errors/app-error.js';
import { requestOf, type AppRequest } from '../../common/http/request-of.js';
import { requireRole, type AccountRole } from './account-roles.js';
import type { Caller } from './caller.js';
import { RequestAuthenticator } from './request-authenticator.service.js';
import {
  PUBLIC_ROUTE,
  REQUIRED_PRODUCT,
  REQUIRED_ROLE,
  SIGNED_IN_AS,
  type ProductRequirement,
  type SignedInAs,
} from './auth.decorators.js';

/**
 * Who may call each route or field: an account's key or user of the right product (the default),
 * an operator (RequireOperator), or whoever signed in to the dashboard (AnySession). An account's
 * user needs the field's role besides (RequireRole; a query without one: viewer).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const signedInAs = this.reflector.getAllAndOverride<SignedInAs>(SIGNED_IN_AS, targets);
    const request = requestOf(context);
    if (request.operator) {
      if (signedInAs !== undefined) return true;
      throw new AppError(
        'forbidden',
        "Operators have no account: this field is an account's (sign in as one of its users)",
      );
    }
    const product =
      this.reflector.getAllAndOverride<ProductRequirement>(REQUIRED_PRODUCT, targets) ?? 'alerts';
    const caller = await this.authenticateAccount(
      request,
      signedInAs === 'any-session' ? 'either' : product,
    );
    if (signedInAs === 'operator') {
      throw new AppError('forbidden', 'Only an operator of the service may read or do this');
    }
    if (signedInAs === undefined && caller.role !== null) {
      requireRole(caller.role, this.requiredRole(context));
    }
    return true;
  }

  /** The field's declared role; a query's is viewer by default, a mutation must declare one. */
  private requiredRole(context: ExecutionContext): AccountRole {
    const declared = this.reflector.getAllAndOverride<AccountRole>(REQUIRED_ROLE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (declared !== undefined) return declared;
    if (context.getType<string>() !== 'graphql') return 'viewer';
    const info = context.getArgByIndex<GraphQLResolveInfo>(3);
    if (info.parentType.name !== 'Mutation') return 'viewer';
    throw new Error(`Mutation ${info.fieldName} declares no role (RequireRole)`);
  }

  private async authenticateAccount(
    request: AppRequest,
    product: ProductRequirement,
  ): Promise<Caller> {
    if (product !== 'either') return this.authenticator.authenticate(request, product);
    return this.authenticator.authenticate(request, 'alerts').catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'wrong_product') {
        return this.authenticator.authenticate(request, 'app');
      }
      throw error;
    });
  }
}
