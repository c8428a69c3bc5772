import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../../database/database.js';
import { AuditEntryEntity } from './audit-entry.entity.js';

/** The operator console's audit log, behind the questions and changes it needs. */
@Injectable()
export class AuditStore {
  constructor(private readonly database: Database) {}

  /** Adds an entry in the transaction of `manager`: the one that makes the change it records. */
  async insert(manager: EntityManager, entry: AuditEntryEntity): Promise<void> {
    await manager.insert(AuditEntryEntity, entry);
  }

  /** The account's entries, newest first. */
  entriesOf(accountId: string, limit: number): Promise<AuditEntryEntity[]> {
    return this.database.manager.find(AuditEntryEntity, {
      where: { accountId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /** Deletes entries made before `cutoff` (epoch ms), in batches; answers how many. */
  pruneOlderThan(cutoff: number, batchSize: number): Promise<number> {
    return this.database.deleteInBatches('audit_entries', 'id', 'created_at', cutoff, batchSize);
  }
}
