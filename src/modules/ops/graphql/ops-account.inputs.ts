import { Field, ID, InputType } from '@nestjs/graphql';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  PLAN_NAMES,
  PLAN_STATUSES,
  PRODUCTS,
  type PlanName,
  type PlanStatus,
  type Product,
} from '../../../config/plans.js';
import { MAX_ACCOUNT_NAME_LENGTH } from '../../accounts/account.entity.js';
import { MAX_EMAIL_LENGTH } from '../../users/email-address.js';
import { ProductEnum } from '../../users/graphql/viewer.model.js';

@InputType('OpsNewAccountInput')
export class OpsNewAccountInput {
  @IsIn(PLAN_NAMES)
  @Field(() => String, { description: 'starter, pro or scale.' })
  plan: PlanName;

  @IsIn(PRODUCTS)
  @Field(() => ProductEnum)
  product: Product;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_ACCOUNT_NAME_LENGTH)
  @Field(() => String, { nullable: true })
  name?: string;
}

@InputType('OpsAccountChangeInput', { description: 'A plan and/or a status.' })
export class OpsAccountChangeInput {
  @IsString()
  @Field(() => ID)
  accountId: string;

  @IsOptional()
  @IsIn(PLAN_NAMES)
  @Field(() => String, { nullable: true, description: 'starter, pro or scale.' })
  plan?: PlanName;

  @IsOptional()
  @IsIn(PLAN_STATUSES)
  @Field(() => String, { nullable: true, description: 'active or canceled.' })
  status?: PlanStatus;
}

@InputType('OpsNewUserInput')
export class OpsNewUserInput {
  @IsString()
  @Field(() => ID)
  accountId: string;

  @IsString()
  @MaxLength(MAX_EMAIL_LENGTH)
  @Field()
  email: string;
}

@InputType('OpsPasswordResetInput')
export class OpsPasswordResetInput {
  @IsString()
  @Field(() => ID)
  accountId: string;

  @IsString()
  @Field(() => ID)
  userId: string;
}

@InputType('OpsKeyRevocationInput')
export class OpsKeyRevocationInput {
  @IsString()
  @Field(() => ID)
  accountId: string;

  @IsString()
  @Field(() => ID)
  keyId: string;
}
