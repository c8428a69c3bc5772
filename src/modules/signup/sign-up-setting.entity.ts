import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';

/** The operator's switch (one row, id 1; none until first used): closes sign-up despite SIGNUP=open. */
@Entity('signup_settings')
export class SignUpSettingEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'boolean' })
  closed: boolean;

  @Column({ name: 'changed_at', type: 'bigint', transformer: epochMillis })
  changedAt: number;

  /** The operator's email, as it was then. */
  @Column({ name: 'changed_by', type: 'varchar', length: 254 })
  changedBy: string;
}
