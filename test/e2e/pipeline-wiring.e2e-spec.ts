import 'reflect-metadata';
import type { DynamicModule, Type } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import { loadConfig } from '../../src/config/app-config.js';
import { CoreModule } from '../../src/core.module.js';
import { DatabaseModule } from '../../src/database/database.module.js';
import { DeliveryModule } from '../../src/modules/delivery/delivery.module.js';
import { DeliveryOutbox } from '../../src/modules/delivery/delivery.outbox.js';
import { InstantMailOutbox } from '../../src/modules/email/sending/instant-mail.outbox.js';
import { InboxCollector } from '../../src/modules/inbox/collecting/inbox-collector.service.js';
import { IngestionSinks } from '../../src/modules/ingestion/ingestion-sinks.js';
import { IngestionModule } from '../../src/modules/ingestion/ingestion.module.js';
import { RecentItemsWriter } from '../../src/modules/recent-items/recent-items.writer.js';
import { PIPELINE_SINKS } from '../../src/pipeline-sinks.js';
import { createTestDatabase, type TestDatabase } from '../utils/test-databases.js';

/** A root module wired like the admin command's, with the given modules for the pipeline's part. */
describe('wiring the ingestion pipeline into a root module', () => {
  let database: TestDatabase;
  let booted: TestingModule | null;

  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    booted = null;
  });

  afterEach(async () => {
    await booted?.close();
    await database.drop();
  });

  function rootImports(): (Type<unknown> | DynamicModule)[] {
    const config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', ROLE: 'api' });
    return [CoreModule.forRoot({ config, logger: pino({ level: 'silent' }) }), DatabaseModule];
  }

  async function boot(pipeline: (Type<unknown> | DynamicModule)[]): Promise<TestingModule> {
    booted = await Test.createTestingModule({ imports: [...rootImports(), ...pipeline] }).compile();
    return booted.init();
  }

  it("starts with the app's sinks: the recent window and the inbox take new items, the webhook and mail outboxes stored alerts", async () => {
    const app = await boot([IngestionModule.forRoot({ sinks: PIPELINE_SINKS })]);
    const sinks = app.get(IngestionSinks);
    expect(sinks.newItems).toEqual([app.get(RecentItemsWriter), app.get(InboxCollector)]);
    expect(sinks.storedAlerts).toEqual([app.get(DeliveryOutbox), app.get(InstantMailOutbox)]);
  });

  it('refuses to start when no sink takes the stored alerts', async () => {
    const withoutOutbox = { newItems: PIPELINE_SINKS.newItems, storedAlerts: [] };
    await expect(boot([IngestionModule.forRoot({ sinks: withoutOutbox })])).rejects.toThrow(
      'The ingestion pipeline has no sink for stored alerts',
    );
  });

  it('refuses to start when the root module lists no sinks at all', async () => {
    await expect(boot([IngestionModule])).rejects.toThrow(
      'The ingestion pipeline has no sink for new items nor for stored alerts',
    );
  });

  it('refuses delivery that was not given the webhooks it sends to', async () => {
    // Refused while the modules are put together, before any database is opened.
    const [core] = rootImports();
    await expect(
      Test.createTestingModule({ imports: [core, DeliveryModule] }).compile(),
    ).rejects.toThrow("Nest can't resolve dependencies of the DeliveryModule");
  });
});
