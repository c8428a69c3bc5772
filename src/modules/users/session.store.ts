import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database.js';
import { SessionEntity } from './session.entity.js';
import { UserEntity, type UserRole } from './user.entity.js';

export interface SessionOfUser {
  session: SessionEntity;
  role: UserRole;
  email: string;
}

/** Dashboard sessions, stored by the hash of their token. */
@Injectable()
export class SessionStore {
  constructor(private readonly database: Database) {}

  async insert(session: SessionEntity): Promise<void> {
    await this.database.transaction((manager) => manager.insert(SessionEntity, session));
  }

  async findByTokenHash(tokenHash: string): Promise<SessionOfUser | null> {
    const { entities, raw } = await this.database.manager
      .createQueryBuilder(SessionEntity, 'session')
      .innerJoin(UserEntity, 'member', 'member.id = session.userId')
      .addSelect('member.role', 'member_role')
      .addSelect('member.email', 'member_email')
      .where('session.tokenHash = :tokenHash', { tokenHash })
      .getRawAndEntities<{ member_role: UserRole; member_email: string }>();
    return entities.length === 0
      ? null
      : { session: entities[0], role: raw[0].member_role, email: raw[0].member_email };
  }

  async delete(sessionId: string): Promise<void> {
    await this.database.transaction((manager) => manager.delete(SessionEntity, { id: sessionId }));
  }

  /** The user's sessions, the most recently seen first (ended ones too, until pruned). */
  listOfUser(userId: string): Promise<SessionEntity[]> {
    return this.database.manager.find(SessionEntity, {
      where: { userId },
      order: { lastSeenAt: 'DESC', id: 'ASC' },
    });
  }

  /** Deletes the session if it is the user's; false when the user has no such session. */
  async deleteOfUser(sessionId: string, userId: string): Promise<boolean> {
    const result = await this.database.transaction((manager) =>
      manager.delete(SessionEntity, { id: sessionId, userId }),
    );
    return (result.affected ?? 0) > 0;
  }

  /** Deletes every session of the user but `keep`; how many there were. */
  async deleteOthersOfUser(userId: string, keep: string): Promise<number> {
    const result = await this.database.transaction((manager) =>
      manager
        .createQueryBuilder()
        .delete()
        .from(SessionEntity)
        .where('user_id = :userId', { userId })
        .andWhere('id <> :keep', { keep })
        .execute(),
    );
    return result.affected ?? 0;
  }

  /** Sets lastSeenAt to `now` unless another request did since `staleBefore`. */
  async touch(sessionId: string, now: number, staleBefore: number): Promise<void> {
    await this.database.transaction((manager) =>
      manager
        .createQueryBuilder()
        .update(SessionEntity)
        .set({ lastSeenAt: now })
        .where('id = :id', { id: sessionId })
        .andWhere('last_seen_at <= :staleBefore', { staleBefore })
        .execute(),
    );
  }

  /** Deletes, a batch at a time, the sessions idle since `idleBefore` or made before `madeBefore`. */
  async deleteEnded(idleBefore: number, madeBefore: number, batchSize: number): Promise<number> {
    const idle = await this.database.deleteInBatches(
      'sessions',
      'id',
      'last_seen_at',
      idleBefore,
      batchSize,
    );
    const old = await this.database.deleteInBatches(
      'sessions',
      'id',
      'created_at',
      madeBefore,
      batchSize,
    );
    return idle + old;
  }
}
