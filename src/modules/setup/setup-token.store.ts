import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { SetupTokenEntity } from './setup-token.entity.js';

/** Any number, as long as no other advisory lock of the service uses it. */
const SETUP_LOCK_KEY = 7_301_035;

@Injectable()
export class SetupTokenStore {
  constructor(private readonly database: Database) {}

  findByHash(tokenHash: string): Promise<SetupTokenEntity | null> {
    return this.database.manager.findOneBy(SetupTokenEntity, { tokenHash });
  }

  /**
   * A transaction serialised with every other setup write, on every instance: PostgreSQL takes a
   * transaction-scoped advisory lock first; SQLite's single writer serialises already. So two
   * links used at once cannot both set the service up.
   */
  locked<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.database.transaction(async (manager) => {
      if (this.database.kind === 'postgres') {
        await manager.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK_KEY]);
      }
      return work(manager);
    });
  }

  /** Stores a new token and deletes those whose hour is over. */
  async insertIn(manager: EntityManager, token: SetupTokenEntity): Promise<void> {
    await manager
      .createQueryBuilder()
      .delete()
      .from(SetupTokenEntity)
      .where('expires_at <= :now', { now: token.createdAt })
      .execute();
    await manager.insert(SetupTokenEntity, token);
  }

  findIn(manager: EntityManager, tokenHash: string): Promise<SetupTokenEntity | null> {
    return manager.findOneBy(SetupTokenEntity, { tokenHash });
  }

  async deleteAllIn(manager: EntityManager): Promise<void> {
    await manager.createQueryBuilder().delete().from(SetupTokenEntity).execute();
  }
}
