import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { ROOT_LOGGER } from '../../../core.module.js';
import { Database } from '../../../database/database.js';
import { SEALED_PREFIX, WebhookSecretCipher } from './webhook-secret-cipher.js';

const BATCH_SIZE = 500;
/** The current secret and the one a rotation replaced: both are sealed once a key is set. */
const SECRET_COLUMNS = ['secret', 'previous_secret'] as const;

interface StoredSecret {
  id: string;
  secret: string;
}

/**
 * At boot: makes sure the stored secrets open with the key given (refusing to start beats
 * failing every delivery), and once WEBHOOK_SECRET_KEY is set, seals the secrets still stored
 * plain, a batch per transaction.
 */
@Injectable()
export class WebhookSecretSealer implements OnApplicationBootstrap {
  private readonly logger: Logger;

  constructor(
    private readonly database: Database,
    private readonly cipher: WebhookSecretCipher,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'webhook-secrets' });
  }

  async onApplicationBootstrap(): Promise<void> {
    const sealed = await this.sealPlainSecrets();
    if (sealed > 0) this.logger.info({ sealed }, 'webhook secrets sealed with WEBHOOK_SECRET_KEY');
  }

  /** Returns how many secrets it sealed (current and replaced ones alike). */
  async sealPlainSecrets(): Promise<number> {
    const [sample] = await this.database.query<StoredSecret>(
      this.database.manager,
      'SELECT id, secret FROM webhooks WHERE secret LIKE :sealed LIMIT 1',
      { sealed: `${SEALED_PREFIX}%` },
    );
    if (sample !== undefined) this.cipher.open(sample.id, sample.secret);
    if (!this.cipher.sealing) return 0;
    let total = 0;
    for (const column of SECRET_COLUMNS) total += await this.sealColumn(column);
    return total;
  }

  private async sealColumn(column: (typeof SECRET_COLUMNS)[number]): Promise<number> {
    let total = 0;
    for (;;) {
      const sealed = await this.database.transaction(async (manager) => {
        const plain = await this.database.query<StoredSecret>(
          manager,
          `SELECT id, ${column} AS secret FROM webhooks
           WHERE ${column} IS NOT NULL AND ${column} NOT LIKE :sealed ORDER BY id LIMIT :batch`,
          { sealed: `${SEALED_PREFIX}%`, batch: BATCH_SIZE },
        );
        // Fenced on the plain value: another instance sealing the same row at once is a no-op.
        for (const { id, secret } of plain) {
          await this.database.query(
            manager,
            `UPDATE webhooks SET ${column} = :sealed WHERE id = :id AND ${column} = :plain`,
            { sealed: this.cipher.seal(id, secret), id, plain: secret },
          );
        }
        return plain.length;
      });
      total += sealed;
      if (sealed < BATCH_SIZE) return total;
    }
  }
}
