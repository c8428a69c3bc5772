import { Field, ObjectType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { MissingDependency } from '../../health/missing-dependencies.service.js';

@ObjectType('OpsMissingDependency', {
  description: 'A dependency the answering instance cannot reach now.',
})
export class OpsMissingDependencyModel {
  @Field({ description: '`database` or `redis`.' })
  dependency: string;

  @Field({ description: 'When the instance lost it (ISO 8601).' })
  since: string;
}

export const toOpsMissingDependencyModel = ({
  dependency,
  since,
}: MissingDependency): OpsMissingDependencyModel => ({ dependency, since: isoWithMillis(since) });
