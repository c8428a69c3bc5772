import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { KeywordCreation, RejectionReason } from '../keywords.service.js';
import { KeywordModel, toKeywordModel } from './keyword.model.js';

const RejectionReasonEnum = {
  invalid: 'invalid',
  duplicate: 'duplicate',
  limit_reached: 'limit_reached',
} as const satisfies Record<RejectionReason, RejectionReason>;

registerEnumType(RejectionReasonEnum, { name: 'KeywordRejectionReason' });

@ObjectType('KeywordRejection')
export class KeywordRejectionModel {
  @Field()
  text: string;

  @Field(() => RejectionReasonEnum)
  reason: RejectionReason;

  @Field()
  message: string;
}

@ObjectType('KeywordCreation', {
  description: 'POST /keywords: one outcome per item, never all-or-nothing.',
})
export class KeywordCreationModel {
  @Field(() => [KeywordModel])
  created: KeywordModel[];

  @Field(() => [KeywordModel], { description: 'Already live; returned unchanged.' })
  existing: KeywordModel[];

  @Field(() => [KeywordRejectionModel])
  rejected: KeywordRejectionModel[];
}

export function toKeywordCreationModel(creation: KeywordCreation): KeywordCreationModel {
  return {
    created: creation.created.map(toKeywordModel),
    existing: creation.existing.map(toKeywordModel),
    rejected: creation.rejected.map(({ text, reason, message }) => ({ text, reason, message })),
  };
}
