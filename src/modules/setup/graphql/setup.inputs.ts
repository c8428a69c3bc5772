import { Field, InputType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { PLAN_NAMES, type PlanName } from '../../../config/plans.js';
import { MAX_ACCOUNT_NAME_LENGTH } from '../../accounts/account.entity.js';
import { SignInInput } from '../../users/graphql/session.inputs.js';

/** Sign-in's sizes; the email and the password's rules are checked by the setup (setup.service.ts). */
@InputType('SetupPersonInput')
export class SetupPersonInput extends SignInInput {}

@InputType('SetupAccountInput', { description: 'The first account (Alerts) and its first user.' })
export class SetupAccountInput {
  @IsOptional()
  @IsString()
  @MaxLength(MAX_ACCOUNT_NAME_LENGTH)
  @Field(() => String, { nullable: true })
  name?: string;

  @IsIn(PLAN_NAMES)
  @Field(() => String, { description: 'starter, pro or scale.' })
  plan: PlanName;

  @ValidateNested()
  @Type(() => SetupPersonInput)
  @Field(() => SetupPersonInput)
  user: SetupPersonInput;
}

@InputType('SetupInput')
export class SetupInput {
  @IsString()
  @MaxLength(100)
  @Field({ description: 'The token of the setup link the service logged.' })
  token: string;

  @ValidateNested()
  @Type(() => SetupPersonInput)
  @Field(() => SetupPersonInput, { description: 'The first operator of the service.' })
  operator: SetupPersonInput;

  @IsOptional()
  @ValidateNested()
  @Type(() => SetupAccountInput)
  @Field(() => SetupAccountInput, {
    nullable: true,
    description: 'Omitted: no account yet (the operator console or the admin command adds them).',
  })
  account?: SetupAccountInput | null;
}
