import { ArgsType, Field } from '@nestjs/graphql';
import { IsOptional } from 'class-validator';
import { AppError } from '../../../common/errors/app-error.js';
import { badTimestampMessage, parseIsoTimestamp } from '../../../common/time/timestamps.js';
import type { KeyTerms } from '../../accounts/accounts.service.js';
import { ApiKeyScopeEnum } from './api-key.model.js';

/** @IsOptional only lets the global ValidationPipe accept the fields; keyTermsOf checks them. */
@ArgsType()
export class CreateApiKeyArgs {
  @IsOptional()
  @Field(() => ApiKeyScopeEnum, { nullable: true, description: 'Default write.' })
  scope?: ApiKeyScopeEnum | null;

  @IsOptional()
  @Field(() => String, {
    nullable: true,
    description:
      'ISO 8601 (e.g. 2027-01-31T00:00:00Z), in the future; the key is refused from then on. Default: never expires.',
  })
  expiresAt?: string | null;
}

export function keyTermsOf(args: CreateApiKeyArgs): KeyTerms {
  const expiry = args.expiresAt ?? null;
  const expiresAt = expiry === null ? null : parseIsoTimestamp(expiry);
  if (expiry !== null && expiresAt === null) {
    throw AppError.invalidBody(badTimestampMessage('expiresAt', expiry));
  }
  return { scope: args.scope ?? 'write', expiresAt };
}
