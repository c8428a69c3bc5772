import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { InvitationEntity } from './invitation.entity.js';

const PENDING = 'accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now';

type InTransaction = (manager: EntityManager) => Promise<void>;

/** Every query of the invitations table. */
@Injectable()
export class InvitationStore {
  constructor(private readonly database: Database) {}

  /** `also`: the caller's writes in the same transaction (its audit entry). */
  async insert(invitation: InvitationEntity, also: InTransaction): Promise<void> {
    await this.database.transaction(async (manager) => {
      await manager.insert(InvitationEntity, invitation);
      await also(manager);
    });
  }

  async delete(id: string, also: InTransaction): Promise<void> {
    await this.database.transaction(async (manager) => {
      await manager.delete(InvitationEntity, { id });
      await also(manager);
    });
  }

  findByTokenHash(tokenHash: string): Promise<InvitationEntity | null> {
    return this.database.manager.findOneBy(InvitationEntity, { tokenHash });
  }

  /** The account's pending invitations, newest first. */
  pendingOf(accountId: string, now: number): Promise<InvitationEntity[]> {
    return this.database.manager
      .createQueryBuilder(InvitationEntity, 'i')
      .where(`account_id = :accountId AND ${PENDING}`, { accountId, now })
      .orderBy('created_at', 'DESC')
      .addOrderBy('id', 'DESC')
      .getMany();
  }

  /** The account's pending invitation of the email, if any. */
  pendingFor(accountId: string, emailKey: string, now: number): Promise<InvitationEntity | null> {
    return this.database.manager
      .createQueryBuilder(InvitationEntity, 'i')
      .where(`account_id = :accountId AND email_key = :emailKey AND ${PENDING}`, {
        accountId,
        emailKey,
        now,
      })
      .orderBy('created_at', 'DESC')
      .getOne();
  }

  /**
   * Revokes the account's pending invitation, `also` in the same transaction; null when there is
   * none with that id.
   */
  revoke(
    accountId: string,
    id: string,
    now: number,
    also: (manager: EntityManager, invitation: InvitationEntity) => Promise<void>,
  ): Promise<InvitationEntity | null> {
    return this.database.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(InvitationEntity)
        .set({ revokedAt: now })
        .where(`id = :id AND account_id = :accountId AND ${PENDING}`, { id, accountId, now })
        .execute();
      if ((result.affected ?? 0) === 0) return null;
      const revoked = await manager.findOneByOrFail(InvitationEntity, { id });
      await also(manager, revoked);
      return revoked;
    });
  }

  /**
   * Marks the invitation accepted, in the caller's transaction. False when it is no longer
   * pending: an invitation works once, even when accepted twice at the same moment.
   */
  async acceptIn(manager: EntityManager, id: string, now: number): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(InvitationEntity)
      .set({ acceptedAt: now })
      .where(`id = :id AND ${PENDING}`, { id, now })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
