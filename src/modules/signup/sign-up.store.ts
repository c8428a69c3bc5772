import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { SignUpSettingEntity } from './sign-up-setting.entity.js';
import { SignUpEntity } from './sign-up.entity.js';

/** The one row of signup_settings. */
const SETTING_ID = 1;

/** The sign-ups and the operator's switch: every query of signups and signup_settings. */
@Injectable()
export class SignUpStore {
  constructor(private readonly database: Database) {}

  /**
   * Stores a new sign-up in place of the address's unverified ones (whose links stop working),
   * and forgets the unverified sign-ups whose links expired before `forgetExpiredBefore`.
   */
  async replacePending(signUp: SignUpEntity, forgetExpiredBefore: number): Promise<void> {
    await this.database.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .delete()
        .from(SignUpEntity)
        .where('verified_at IS NULL')
        .andWhere('(email_key = :emailKey OR expires_at < :forgetExpiredBefore)', {
          emailKey: signUp.emailKey,
          forgetExpiredBefore,
        })
        .execute();
      await manager.insert(SignUpEntity, signUp);
    });
  }

  findByTokenHash(tokenHash: string): Promise<SignUpEntity | null> {
    return this.database.manager.findOneBy(SignUpEntity, { tokenHash });
  }

  /**
   * Marks the sign-up verified into `accountId`, in the caller's transaction, and drops its
   * password hash (the user has it now). False when it was verified already or its link expired:
   * a link works once, even when clicked twice at the same moment.
   */
  async claimIn(
    manager: EntityManager,
    id: string,
    accountId: string,
    now: number,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(SignUpEntity)
      .set({ verifiedAt: now, accountId, passwordHash: null })
      .where('id = :id AND verified_at IS NULL AND expires_at > :now', { id, now })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Newest first. */
  newest(limit: number): Promise<SignUpEntity[]> {
    return this.database.manager.find(SignUpEntity, {
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /** The operator's switch; null while no operator has used it. */
  operatorSetting(): Promise<SignUpSettingEntity | null> {
    return this.database.manager.findOneBy(SignUpSettingEntity, { id: SETTING_ID });
  }

  async setOperatorSetting(closed: boolean, changedBy: string, changedAt: number): Promise<void> {
    await this.database.transaction((manager) =>
      manager.upsert(SignUpSettingEntity, { id: SETTING_ID, closed, changedBy, changedAt }, ['id']),
    );
  }
}
