import { Field, ObjectType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { SsoSettingsView } from '../sso-settings.service.js';

@ObjectType('SsoSettings', {
  description: "The account's single sign-on provider; the client secret is never shown.",
})
export class SsoSettingsModel {
  @Field({ description: "The issuer, as the provider's discovery document states it." })
  issuer: string;

  @Field()
  clientId: string;

  @Field({ description: 'Whether a client secret is stored (sealed; it is never shown).' })
  clientSecretSet: boolean;

  @Field(() => [String], { description: 'Lower-cased; each belongs to this account only.' })
  allowedDomains: string[];

  @Field({ description: 'Password sign-in refused for the users of the account, owners excepted.' })
  ssoRequired: boolean;

  @Field({ description: 'ISO 8601.' })
  updatedAt: string;
}

export const toSsoSettingsModel = (view: SsoSettingsView): SsoSettingsModel => ({
  ...view,
  updatedAt: isoWithMillis(view.updatedAt),
});

@ObjectType('SsoSignInStart')
export class SsoSignInStartModel {
  @Field({ description: "Where the browser goes next: the provider's sign-in page." })
  authorizationUrl: string;
}
