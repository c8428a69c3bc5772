import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('Deletion', { description: 'The answer to a delete, as REST answers it.' })
export class DeletionModel {
  @Field()
  deleted: boolean;

  @Field(() => ID)
  id: string;
}

export const deletionOf = (id: string): DeletionModel => ({ deleted: true, id });
