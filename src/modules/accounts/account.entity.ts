import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PlanName, PlanStatus, Product } from '../../config/plans.js';
import { bigintNumber, epochMillis } from '../../database/column-transformers.js';

/** The width of accounts.name. */
export const MAX_ACCOUNT_NAME_LENGTH = 200;

@Entity('accounts')
@Index('idx_accounts_change', ['changeSeq', 'id'])
export class AccountEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: MAX_ACCOUNT_NAME_LENGTH })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  product: Product;

  @Column({ type: 'varchar', length: 16 })
  plan: PlanName;

  @Column({ type: 'varchar', length: 16 })
  status: PlanStatus;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: epochMillis })
  updatedAt: number;

  /** The number of its latest change (change-sequence.ts): what the live matchers follow. */
  @Column({ name: 'change_seq', type: 'bigint', default: 0, transformer: bigintNumber })
  changeSeq: number;
}
