import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { AppModule } from './app.module.js';
import { createRootLogger, PinoNestLogger } from './common/logging/logger.js';
import { ConfigError, loadConfig } from './config/app-config.js';
import { SetupService } from './modules/setup/setup.service.js';
import type { KeywordIndexThread } from './modules/matching/thread/keyword-index-thread.js';
import { setupApp } from './setup-app.js';

/** The server, given the keyword index thread main.ts started; an API-only process needs none. */
export async function serve(keywordIndexThread: KeywordIndexThread): Promise<void> {
  const config = loadConfig();
  const logger = createRootLogger(config.logLevel);
  // A process that serves the API only runs no pipeline, so it matches nothing.
  const thread = config.backgroundJobs ? keywordIndexThread : undefined;
  if (thread === undefined) await keywordIndexThread.close();
  const app = await NestFactory.create(
    AppModule.forRoot({ config, logger, keywordIndexThread: thread }),
    {
      bodyParser: false,
      logger: new PinoNestLogger(logger),
    },
  );
  setupApp(app);
  await app.listen(config.port, '0.0.0.0');
  const { port } = app.getHttpServer().address() as AddressInfo;
  logger.info({ port, role: config.role, database: config.databaseUrl.split(':')[0] }, 'listening');
  // Last, so the setup link of a first start is the line a newcomer sees at the bottom.
  if (config.role !== 'worker') {
    await app
      .get(SetupService)
      .announceLink(config.publicUrls.baseUrl ?? `http://localhost:${port}`);
  }
}

export function reportStartFailure(error: unknown): never {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
}
