import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';

/** A signed-in browser: the cookie carries the token, the row only its SHA-256. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index()
  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  /** What cookie-authenticated requests send as X-CSRF-Token (viewer.csrfToken); no use without the cookie. */
  @Column({ name: 'csrf_token', type: 'varchar', length: 64 })
  csrfToken: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  /** The browser's User-Agent at sign-in, cut to SESSION_USER_AGENT_MAX_LENGTH; null if it sent none. */
  @Column({ name: 'user_agent', type: 'varchar', length: 256, nullable: true })
  userAgent: string | null;

  /** Refreshed at most once a minute (SESSION_TOUCH_INTERVAL_MS), so a busy session writes little. */
  @Column({ name: 'last_seen_at', type: 'bigint', transformer: epochMillis })
  lastSeenAt: number;
}
