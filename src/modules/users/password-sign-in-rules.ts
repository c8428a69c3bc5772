import { Injectable } from '@nestjs/common';
import type { AppError } from '../../common/errors/app-error.js';
import type { UserEntity } from './user.entity.js';

/** A reason to refuse a right password, or null. */
export type PasswordSignInRule = (user: UserEntity) => Promise<AppError | null>;

/**
 * Rules of modules above users that may refuse a password sign-in once the password is right
 * (single sign-on's "SSO required", docs/teams.md): they add themselves at start, since users
 * cannot import them.
 */
@Injectable()
export class PasswordSignInRules {
  private readonly rules: PasswordSignInRule[] = [];

  add(rule: PasswordSignInRule): void {
    this.rules.push(rule);
  }

  async refusal(user: UserEntity): Promise<AppError | null> {
    for (const rule of this.rules) {
      const refusal = await rule(user);
      if (refusal) return refusal;
    }
    return null;
  }
}
