import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { SignUpState } from '../sign-up-gate.service.js';
import type { ListedSignUp } from '../sign-up-requests.service.js';

export enum SignUpStatusEnum {
  pending = 'pending',
  expired = 'expired',
  verified = 'verified',
}

registerEnumType(SignUpStatusEnum, {
  name: 'SignUpStatus',
  description:
    'pending: the link was mailed and works; expired: it was never followed in time; verified: the account exists.',
});

@ObjectType('OpsSignUpState', { description: 'Whether sign-up is open, and why.' })
export class OpsSignUpStateModel {
  @Field({ description: 'SIGNUP as the service started with: open or closed.' })
  configured: string;

  @Field({ description: 'Whether /dashboard/signup takes sign-ups now.' })
  open: boolean;

  @Field({ description: 'SIGNUP_PLAN: the plan of the accounts sign-up creates.' })
  plan: string;

  @Field({ description: 'An operator closed sign-up despite SIGNUP=open.' })
  closedByOperator: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The operator who last opened or closed it; null while none has.',
  })
  changedBy: string | null;

  @Field(() => String, { nullable: true, description: 'When, ISO 8601.' })
  changedAt: string | null;
}

@ObjectType('OpsSignUp', {
  description: 'One sign-up: its address, when, and whether it became an account.',
})
export class OpsSignUpModel {
  @Field(() => ID)
  id: string;

  @Field()
  email: string;

  @Field(() => SignUpStatusEnum)
  status: SignUpStatusEnum;

  @Field({ description: 'When the link was mailed, ISO 8601.' })
  requestedAt: string;

  @Field({ description: 'When the link stops (or stopped) working, ISO 8601.' })
  expiresAt: string;

  @Field(() => String, { nullable: true, description: 'ISO 8601; null until verified.' })
  verifiedAt: string | null;

  @Field(() => ID, { nullable: true, description: 'The account it created; null until verified.' })
  accountId: string | null;
}

export function toOpsSignUpState(state: SignUpState): OpsSignUpStateModel {
  const setting = state.operatorSetting;
  return {
    configured: state.configured,
    open: state.open,
    plan: state.plan,
    closedByOperator: setting?.closed ?? false,
    changedBy: setting?.changedBy ?? null,
    changedAt: setting ? isoWithMillis(setting.changedAt) : null,
  };
}

export function toOpsSignUp({ signUp, status }: ListedSignUp): OpsSignUpModel {
  return {
    id: signUp.id,
    email: signUp.email,
    status: SignUpStatusEnum[status],
    requestedAt: isoWithMillis(signUp.createdAt),
    expiresAt: isoWithMillis(signUp.expiresAt),
    verifiedAt: signUp.verifiedAt === null ? null : isoWithMillis(signUp.verifiedAt),
    accountId: signUp.accountId,
  };
}
