import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { setupLinkProblem, type SetupLinkState } from '../setup-link.js';

export enum SetupLinkStateEnum {
  open = 'open',
  unknown = 'unknown',
  expired = 'expired',
  closed = 'closed',
}

registerEnumType(SetupLinkStateEnum, {
  name: 'SetupLinkState',
  description:
    'open: the link sets the service up; unknown: no such link; expired: its hour is over; closed: an operator exists, setup is over.',
});

@ObjectType('SetupLink', { description: 'A setup link of the first start, as its page opens.' })
export class SetupLinkModel {
  @Field(() => SetupLinkStateEnum)
  state: SetupLinkState;

  @Field(() => String, {
    nullable: true,
    description:
      'Why the link cannot be used, in the words completeSetup refuses it with; null when open.',
  })
  problem: string | null;
}

export function toSetupLinkModel(state: SetupLinkState): SetupLinkModel {
  return { state, problem: setupLinkProblem(state) };
}
