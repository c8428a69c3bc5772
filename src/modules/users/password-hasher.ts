import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import {
  hashPassword,
  needsRehash,
  PASSWORD_HASH_COST,
  verifyPassword,
  type ScryptCost,
} from './password-hash.js';

/** Password hashes under the configured cost (PASSWORD_HASH_LOG_N): the one place that reads it. */
@Injectable()
export class PasswordHasher {
  readonly cost: ScryptCost;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.cost = { ...PASSWORD_HASH_COST, logN: config.passwordHashLogN };
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.cost);
  }

  /** Under the cost stored with the hash, whatever the configured one is now. */
  verify(password: string, stored: string): Promise<boolean> {
    return verifyPassword(password, stored);
  }

  needsRehash(stored: string): boolean {
    return needsRehash(stored, this.cost);
  }
}
