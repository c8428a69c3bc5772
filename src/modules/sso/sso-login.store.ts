import { Injectable } from '@nestjs/common';
import { LessThanOrEqual } from 'typeorm';
import { Database } from '../../database/database.js';
import { SsoLoginEntity } from './sso-settings.entity.js';

/** The sign-ins sent to a provider and not back yet. */
@Injectable()
export class SsoLoginStore {
  constructor(private readonly database: Database) {}

  /** Stores a new sign-in and deletes those whose time is over. */
  async insert(login: SsoLoginEntity): Promise<void> {
    await this.database.transaction(async (manager) => {
      await manager.delete(SsoLoginEntity, { expiresAt: LessThanOrEqual(login.createdAt) });
      await manager.insert(SsoLoginEntity, login);
    });
  }

  /**
   * Takes the sign-in of `stateHash` out, whatever follows: a state is used once. Null when
   * there is none (forged, used already, or deleted once over).
   */
  take(stateHash: string): Promise<SsoLoginEntity | null> {
    return this.database.transaction(async (manager) => {
      const login = await manager.findOneBy(SsoLoginEntity, { stateHash });
      if (!login) return null;
      const { affected } = await manager.delete(SsoLoginEntity, { stateHash });
      return (affected ?? 0) > 0 ? login : null;
    });
  }
}
