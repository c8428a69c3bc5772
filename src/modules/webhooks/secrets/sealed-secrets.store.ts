import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ROOT_LOGGER } from '../../../core.module.js';
import { Database } from '../../../database/database.js';
import { KEY_ID_LENGTH } from './webhook-keyring.js';
import {
  isSealed,
  SEALED_PREFIX,
  SecretNotOpened,
  UNNAMED_KEY_PREFIX,
  WebhookSecretCipher,
} from './webhook-secret-cipher.js';

const BATCH_SIZE = 500;
/** The current secret and the one a rotation replaced: both are sealed alike. */
const SECRET_COLUMNS = ['secret', 'previous_secret'] as const;
type SecretColumn = (typeof SECRET_COLUMNS)[number];

export interface ResealSummary {
  resealed: number;
  /** How many of those were stored plain until now. */
  wasPlain: number;
  /** Values that did not open (SecretNotOpened), left as they were. */
  unreadable: number;
}

export interface StoredSecret {
  webhookId: string;
  value: string;
}

/**
 * The signing secrets as stored, every webhook's (deleted ones too) and both columns: which keys
 * they are sealed under, and sealing them anew.
 */
@Injectable()
export class SealedSecretsStore {
  private readonly logger: Logger;

  constructor(
    private readonly database: Database,
    private readonly cipher: WebhookSecretCipher,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'webhook-secrets' });
  }

  async keyIdsInUse(): Promise<string[]> {
    const rows = await this.database.query<{ key_id: string }>(
      this.database.manager,
      SECRET_COLUMNS.map(
        (column) =>
          `SELECT substr(${column}, ${SEALED_PREFIX.length + 1}, ${KEY_ID_LENGTH}) AS key_id
           FROM webhooks WHERE ${column} LIKE :sealed`,
      ).join(' UNION '),
      { sealed: `${SEALED_PREFIX}%` },
    );
    return rows.map((row) => row.key_id);
  }

  /** One value sealed by an earlier version, under a key it did not name, if any is left. */
  async unnamedKeySample(): Promise<StoredSecret | undefined> {
    const [row] = await this.database.query<{ id: string; value: string }>(
      this.database.manager,
      `${SECRET_COLUMNS.map(
        (column) => `SELECT id, ${column} AS value FROM webhooks WHERE ${column} LIKE :unnamed`,
      ).join(' UNION ALL ')} LIMIT 1`,
      { unnamed: `${UNNAMED_KEY_PREFIX}%` },
    );
    return row === undefined ? undefined : { webhookId: row.id, value: row.value };
  }

  /** Seals the values stored plain, and those of earlier versions, under the sealing key. */
  sealPlainAndUnnamed(): Promise<ResealSummary> {
    return this.resealAllBut(`${SEALED_PREFIX}%`);
  }

  resealUnder(sealingKeyId: string): Promise<ResealSummary> {
    return this.resealAllBut(`${SEALED_PREFIX}${sealingKeyId}:%`);
  }

  /**
   * Seals anew every value not matching `keep` (a LIKE pattern), a batch per transaction. On
   * SQLite, once values stored plain were sealed, the file is rewritten so that their plain text
   * survives nowhere in it (nor in its WAL).
   */
  private async resealAllBut(keep: string): Promise<ResealSummary> {
    const summary: ResealSummary = { resealed: 0, wasPlain: 0, unreadable: 0 };
    for (const column of SECRET_COLUMNS) await this.resealColumn(column, keep, summary);
    if (summary.wasPlain > 0) await this.wipePlainText();
    return summary;
  }

  /** Not worth refusing a start over: the secrets are sealed; their old text lingers a while. */
  private async wipePlainText(): Promise<void> {
    const failure = await this.database.rewriteSqliteFile().then(
      (emptied) => (emptied ? null : 'another process kept the WAL busy'),
      (error: unknown) => String((error as Error)?.message ?? error),
    );
    if (failure === null) return;
    this.logger.warn(
      { reason: failure },
      'the SQLite file was not rewritten: the plain text of the secrets just sealed may stay in its free space until VACUUM runs',
    );
  }

  private async resealColumn(
    column: SecretColumn,
    keep: string,
    summary: ResealSummary,
  ): Promise<void> {
    let after = '';
    for (;;) {
      const batch = await this.database.transaction(async (manager) => {
        const rows = await this.database.query<{ id: string; value: string }>(
          manager,
          `SELECT id, ${column} AS value FROM webhooks
           WHERE ${column} IS NOT NULL AND ${column} NOT LIKE :keep AND id > :after
           ORDER BY id LIMIT :batch`,
          { keep, after, batch: BATCH_SIZE },
        );
        for (const { id, value } of rows) {
          let secret: string;
          try {
            secret = this.cipher.open(id, value);
          } catch (error) {
            if (!(error instanceof SecretNotOpened)) throw error;
            summary.unreadable += 1;
            continue;
          }
          // Fenced on the value read: a value changed meanwhile (sealed by another instance,
          // a secret rotated through the API) is left to that change.
          const changed = await this.database.query(
            manager,
            `UPDATE webhooks SET ${column} = :sealed WHERE id = :id AND ${column} = :value
             RETURNING id`,
            { sealed: this.cipher.seal(id, secret), id, value },
          );
          if (changed.length === 0) continue;
          summary.resealed += 1;
          if (!isSealed(value)) summary.wasPlain += 1;
        }
        return rows;
      });
      if (batch.length < BATCH_SIZE) return;
      after = batch[batch.length - 1].id;
    }
  }
}
