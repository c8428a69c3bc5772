import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Response } from 'express';
import { clientAddress } from '../../../common/http/client-address.js';
import { publicBaseUrl } from '../../../common/http/public-base-url.js';
import type { AppRequest } from '../../../common/http/request-of.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { CurrentCaller, Public, RequireProduct, RequireRole } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { START_SSO_SIGN_IN_FIELD } from '../../auth/graphql-operation.js';
import { emailKey } from '../../users/email-address.js';
import { SignInLimiter } from '../../users/sign-in-limiter.service.js';
import {
  browserCookieOptions,
  SSO_BROWSER_COOKIE,
  SSO_CALLBACK_PATH,
  SSO_LOGIN_TTL_MS,
} from '../sso-browser.js';
import { SsoSettingsService } from '../sso-settings.service.js';
import { SsoSignIn } from '../sso-sign-in.service.js';
import { SsoSettingsInput, StartSsoSignInInput } from './sso.inputs.js';
import { SsoSettingsModel, SsoSignInStartModel, toSsoSettingsModel } from './sso.model.js';

/**
 * Single sign-on (docs/teams.md). The settings are the account's, set by its admins and owners
 * (decisions section 15); starting a sign-in is open to anyone, alone in its request.
 */
@Resolver(() => SsoSettingsModel)
@RequireProduct('either')
export class SsoResolver {
  constructor(
    private readonly settings: SsoSettingsService,
    private readonly signIn: SsoSignIn,
    private readonly limiter: SignInLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Query(() => SsoSettingsModel, {
    name: 'ssoSettings',
    nullable: true,
    description: "The account's single sign-on settings; null while none are set.",
  })
  async get(@CurrentCaller() caller: Caller): Promise<SsoSettingsModel | null> {
    const view = await this.settings.get(caller.accountId);
    return view && toSsoSettingsModel(view);
  }

  @RequireRole('admin')
  @Mutation(() => SsoSettingsModel, {
    name: 'setSsoSettings',
    description:
      "Sets the account's provider: the issuer's discovery document is fetched once to check it (its failure is invalid_body, saying why); an allowed domain of another account is invalid_body.",
  })
  async set(
    @CurrentCaller() caller: Caller,
    @Args('input') input: SsoSettingsInput,
  ): Promise<SsoSettingsModel> {
    return toSsoSettingsModel(
      await this.settings.set(caller, {
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecret: input.clientSecret ?? null,
        allowedDomains: input.allowedDomains,
        ssoRequired: input.ssoRequired,
      }),
    );
  }

  @RequireRole('admin')
  @Mutation(() => Boolean, {
    name: 'removeSsoSettings',
    description: 'Turns single sign-on off for the account; false when it was not set.',
  })
  remove(@CurrentCaller() caller: Caller): Promise<boolean> {
    return this.settings.remove(caller);
  }

  @Public()
  @Mutation(() => SsoSignInStartModel, {
    name: START_SSO_SIGN_IN_FIELD,
    description:
      "Starts a sign-in through the provider of the email's account and sets the alerts_sso cookie that binds it to this browser. not_found when single sign-on is not set up for the address (the one answer, telling nothing else); counted with sign-in attempts.",
  })
  async start(
    @Args('input') input: StartSsoSignInInput,
    @Context('req') req: AppRequest,
    @Context('res') res: Response,
  ): Promise<SsoSignInStartModel> {
    const address = clientAddress(req, this.config.publicUrls.trustProxy);
    await this.limiter.count(emailKey(input.email), address);
    const redirectUri = `${publicBaseUrl(req, this.config.publicUrls)}${SSO_CALLBACK_PATH}`;
    const started = await this.signIn.start(input.email, redirectUri);
    res.cookie(SSO_BROWSER_COOKIE, started.browserSecret, {
      ...browserCookieOptions(this.config.publicUrls),
      maxAge: SSO_LOGIN_TTL_MS,
    });
    return { authorizationUrl: started.authorizationUrl };
  }
}
