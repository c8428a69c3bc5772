import { Field, InputType } from '@nestjs/graphql';
import { ArrayMaxSize, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_EMAIL_LENGTH } from '../../users/email-address.js';
import { MAX_ALLOWED_DOMAINS } from '../sso-settings.service.js';

/** Sizes only; SsoSettingsService checks the rest (issuer, domains, discovery). */
@InputType('SsoSettingsInput')
export class SsoSettingsInput {
  @IsString()
  @MaxLength(2048)
  @Field({ description: 'https, or http on loopback with SSO_ALLOW_HTTP (development).' })
  issuer: string;

  @IsString()
  @MaxLength(255)
  @Field()
  clientId: string;

  @IsOptional()
  @IsString()
  @MaxLength(512)
  @Field(() => String, {
    nullable: true,
    description: 'Write only. Left out or empty: the secret stored before is kept.',
  })
  clientSecret?: string | null;

  @ArrayMaxSize(MAX_ALLOWED_DOMAINS)
  @IsString({ each: true })
  @MaxLength(253, { each: true })
  @Field(() => [String], {
    description:
      'Email domains whose users sign in through this provider (new ones are created as members).',
  })
  allowedDomains: string[];

  @IsBoolean()
  @Field({ description: 'Refuse password sign-in to the users of the account, owners excepted.' })
  ssoRequired: boolean;
}

@InputType('StartSsoSignInInput')
export class StartSsoSignInInput {
  @IsString()
  @MaxLength(MAX_EMAIL_LENGTH)
  @Field()
  email: string;
}
