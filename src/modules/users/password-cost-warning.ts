import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { ROOT_LOGGER } from '../../core.module.js';
import { PASSWORD_HASH_COST } from './password-hash.js';
import { PasswordHasher } from './password-hasher.js';

/** PASSWORD_HASH_LOG_N below the default makes stolen hashes cheaper to guess: say so at startup. */
@Injectable()
export class PasswordCostWarning implements OnApplicationBootstrap {
  constructor(
    private readonly hasher: PasswordHasher,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.hasher.cost.logN >= PASSWORD_HASH_COST.logN) return;
    this.logger.warn(
      { setting: 'PASSWORD_HASH_LOG_N', logN: this.hasher.cost.logN },
      `PASSWORD_HASH_LOG_N is below ${PASSWORD_HASH_COST.logN}: passwords are hashed cheaply enough for tests, never for production`,
    );
  }
}
