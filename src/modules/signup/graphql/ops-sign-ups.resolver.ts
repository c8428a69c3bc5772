import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentOperator, RequireOperator } from '../../auth/auth.decorators.js';
import type { OperatorCaller } from '../../auth/caller.js';
import { SignUpGate } from '../sign-up-gate.service.js';
import { SIGN_UP_LIMITS } from '../sign-up-limits.js';
import { SignUpRequests } from '../sign-up-requests.service.js';
import {
  OpsSignUpModel,
  OpsSignUpStateModel,
  toOpsSignUp,
  toOpsSignUpState,
} from './ops-sign-up.model.js';

const DAY_MS = 86_400_000;

/** Sign-up on the console's Accounts page: operators only, anyone else gets 403 forbidden. */
@Resolver()
@RequireOperator()
export class OpsSignUpsResolver {
  constructor(
    private readonly gate: SignUpGate,
    private readonly requests: SignUpRequests,
  ) {}

  @Query(() => OpsSignUpStateModel, {
    name: 'opsSignUpState',
    description: 'Whether sign-up is open, SIGNUP, SIGNUP_PLAN and the operator switch.',
  })
  async state(): Promise<OpsSignUpStateModel> {
    return toOpsSignUpState(await this.gate.state());
  }

  @Query(() => [OpsSignUpModel], {
    name: 'opsSignUps',
    description: `The latest ${SIGN_UP_LIMITS.listed} sign-ups, newest first: pending, expired (kept ${SIGN_UP_LIMITS.keptAfterExpiryMs / DAY_MS} days past the link) and verified.`,
  })
  async list(): Promise<OpsSignUpModel[]> {
    return (await this.requests.newest()).map(toOpsSignUp);
  }

  @Mutation(() => OpsSignUpStateModel, {
    name: 'opsSetSignUpOpen',
    description:
      'Closes sign-up (open: false) at once on every instance, or opens it again; invalid_body when opening under SIGNUP=closed.',
  })
  async setOpen(
    @CurrentOperator() operator: OperatorCaller,
    @Args('open') open: boolean,
  ): Promise<OpsSignUpStateModel> {
    return toOpsSignUpState(await this.gate.setOpen(open, operator.userId));
  }
}
