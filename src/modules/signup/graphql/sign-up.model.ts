import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('SignUpRequest', {
  description:
    'The one answer to a sign-up, whether or not the address already has an account: a mail is on its way to it.',
})
export class SignUpRequestModel {
  @Field({ description: 'The address as typed, trimmed.' })
  email: string;

  @Field(() => Int, { description: 'How long the mailed link works (once).' })
  linkValidHours: number;
}
