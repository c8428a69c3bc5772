import { Field, InputType } from '@nestjs/graphql';
import { IsString } from 'class-validator';

/** The address and the password's length are checked by SignUpRequests, with sign-up's words. */
@InputType('SignUpInput')
export class SignUpInput {
  @IsString()
  @Field()
  email: string;

  @IsString()
  @Field({ description: 'At least 12 characters, at most 256.' })
  password: string;
}
