import { Field, InputType } from '@nestjs/graphql';
import { IsString, MaxLength } from 'class-validator';

/** The password's rules are checked by InvitationsService (password-policy.ts), with their words. */
@InputType('AcceptInvitationInput')
export class AcceptInvitationInput {
  @IsString()
  @MaxLength(200)
  @Field({ description: 'The token after # in the invitation link.' })
  token: string;

  @IsString()
  @Field({ description: 'At least 12 characters, at most 256.' })
  password: string;
}
