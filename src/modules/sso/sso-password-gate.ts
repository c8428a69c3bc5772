import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { PasswordSignInRules } from '../users/password-sign-in-rules.js';
import type { UserEntity } from '../users/user.entity.js';
import { passwordSignInRefused } from './sso-password-rule.js';
import { SsoSettingsStore } from './sso-settings.store.js';

/** Adds "SSO required" to the password sign-in's rules (users cannot import this module). */
@Injectable()
export class SsoPasswordGate implements OnModuleInit {
  constructor(
    private readonly rules: PasswordSignInRules,
    private readonly settings: SsoSettingsStore,
  ) {}

  onModuleInit(): void {
    this.rules.add((user) => this.refusal(user));
  }

  private async refusal(user: UserEntity): Promise<AppError | null> {
    if (user.accountId === null) return null;
    const stored = await this.settings.find(user.accountId);
    if (!stored || !passwordSignInRefused(user.role, stored.settings.ssoRequired)) return null;
    return new AppError(
      'forbidden',
      'Your account requires single sign-on: use "Sign in with SSO" instead of a password',
    );
  }
}
