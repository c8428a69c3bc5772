import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../../database/column-transformers.js';

/**
 * One figure of one instance for one minute: a counter's delta over that minute, or a gauge's
 * value at its end. Figures read from the database itself are written under DATABASE_INSTANCE.
 */
@Entity('operation_samples')
export class OperationSampleEntity {
  /** Epoch ms of the minute's start. */
  @PrimaryColumn({ type: 'bigint', transformer: epochMillis })
  minute: number;

  @PrimaryColumn({ name: 'instance_id', type: 'varchar', length: 120 })
  instanceId: string;

  @PrimaryColumn({ type: 'varchar', length: 60 })
  metric: string;

  /** What the metric is about (an endpoint, a credential, an outcome…); '' when nothing. */
  @PrimaryColumn({ type: 'varchar', length: 120 })
  subject: string;

  @Column({ type: 'double precision' })
  value: number;
}
