import { Field, InputType } from '@nestjs/graphql';
import { IsString, MaxLength } from 'class-validator';
import { MAX_EMAIL_LENGTH } from '../email-address.js';
import { MAX_PASSWORD_LENGTH } from '../password-policy.js';

/** Only sizes are checked here: a wrong email or password gets the one answer that names neither. */
@InputType('SignInInput')
export class SignInInput {
  @IsString()
  @MaxLength(MAX_EMAIL_LENGTH)
  @Field()
  email: string;

  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH)
  @Field()
  password: string;
}

/** The new password's rules are checked once the current one is known right (password-policy.ts). */
@InputType('ChangePasswordInput')
export class ChangePasswordInput {
  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH)
  @Field()
  currentPassword: string;

  @IsString()
  @Field()
  newPassword: string;
}
