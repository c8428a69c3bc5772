import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { planLimits, type Product } from '../../../config/plans.js';
import type { AccountEntity } from '../../accounts/account.entity.js';
import type { UserEntity, UserRole } from '../user.entity.js';
import { AccountRoleEnum } from './team-member.model.js';

export enum ProductEnum {
  alerts = 'alerts',
  app = 'app',
}

registerEnumType(ProductEnum, { name: 'Product' });

export const RoleEnum = { ...AccountRoleEnum, operator: 'operator' } as const;

registerEnumType(RoleEnum, {
  name: 'Role',
  description:
    "owner, admin, member or viewer: an account's user with that role (docs/teams.md); operator: staff of the service, of no account.",
});

@ObjectType('User', { description: 'A person who signs in to the dashboard.' })
export class UserModel {
  @Field(() => ID)
  id: string;

  @Field({ description: 'As the operator entered it; sign-in ignores its case.' })
  email: string;
}

@ObjectType('Account', { description: 'The account a user acts for, its plan and its state.' })
export class AccountModel {
  @Field(() => ID)
  id: string;

  @Field()
  name: string;

  @Field(() => ProductEnum)
  product: Product;

  @Field({ description: 'starter, pro or scale.' })
  plan: string;

  @Field({ description: 'active or canceled.' })
  status: string;

  @Field(() => Int)
  keywordLimit: number;
}

@ObjectType('Viewer', {
  description: 'The signed-in user, their account, and the session CSRF token.',
})
export class ViewerModel {
  @Field(() => UserModel)
  user: UserModel;

  @Field(() => RoleEnum, {
    description:
      "The user's role in their account, read on every request; operator: the operator console is theirs (/dashboard/ops).",
  })
  role: UserRole;

  @Field(() => AccountModel, {
    nullable: true,
    description: "The user's account; null for an operator, who acts for none.",
  })
  account: AccountModel | null;

  @Field({
    description:
      'Sent as X-CSRF-Token with every request of this session (only the viewer query may go without).',
  })
  csrfToken: string;
}

export function toViewerModel(
  user: UserEntity,
  account: AccountEntity | null,
  csrfToken: string,
): ViewerModel {
  return {
    user: { id: user.id, email: user.email },
    role: user.role,
    account: account && toAccountModel(account),
    csrfToken,
  };
}

export function toAccountModel(account: AccountEntity): AccountModel {
  return {
    id: account.id,
    name: account.name,
    product: account.product,
    plan: account.plan,
    status: account.status,
    keywordLimit: planLimits(account.plan).keywordLimit,
  };
}
