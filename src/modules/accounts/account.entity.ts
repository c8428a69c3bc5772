import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PlanName, PlanStatus, Product } from '../../config/plans.js';
import { epochMillis } from '../../database/column-transformers.js';

@Entity('accounts')
export class AccountEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
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
}
