import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { cookieValue } from '../../common/http/cookies.js';
import { publicBaseUrl } from '../../common/http/public-base-url.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Public } from '../auth/auth.decorators.js';
import { setSessionCookie } from '../users/session-cookie.js';
import { browserCookieOptions, SSO_BROWSER_COOKIE, SSO_CALLBACK_PATH } from './sso-browser.js';
import { SsoSignIn, SsoSignInFailure } from './sso-sign-in.service.js';

/** Where a signed-in user lands, and where a failure is told (by its reason). */
const SIGNED_IN_PAGE = '/dashboard/';
const failurePage = (reason: string) => `/dashboard/login?sso_error=${reason}`;

/**
 * The provider's redirect back: no key and no session, the state and the browser's cookie are
 * the credential. Every answer is a redirect to a dashboard page, never an error body.
 */
@Public()
@Controller(SSO_CALLBACK_PATH.slice(1))
export class SsoCallbackController {
  constructor(
    private readonly signIn: SsoSignIn,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const browserSecret = cookieValue(req, SSO_BROWSER_COOKIE);
    res.clearCookie(SSO_BROWSER_COOKIE, browserCookieOptions(this.config.publicUrls));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    try {
      const base = publicBaseUrl(req, this.config.publicUrls);
      const signedIn = await this.signIn.finish(
        new URL(req.originalUrl, base),
        browserSecret,
        req.get('user-agent'),
      );
      setSessionCookie(res, signedIn.token, this.config.publicUrls);
      res.redirect(303, SIGNED_IN_PAGE);
    } catch (error) {
      this.signIn.logFailure(error);
      res.redirect(303, failurePage(error instanceof SsoSignInFailure ? error.reason : 'failed'));
    }
  }
}
