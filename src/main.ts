import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { createRootLogger, PinoNestLogger } from './common/logging/logger.js';
import { ConfigError, loadConfig } from './config/app-config.js';
import { setupApp } from './setup-app.js';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const logger = createRootLogger(config.logLevel);
  const app = await NestFactory.create(AppModule.forRoot({ config, logger }), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  setupApp(app);
  await app.listen(config.port, '0.0.0.0');
  logger.info(
    { port: config.port, role: config.role, database: config.databaseUrl.split(':')[0] },
    'listening',
  );
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});
