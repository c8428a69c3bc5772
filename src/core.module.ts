import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock, SystemClock } from './common/time/clock.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { createRootLogger } from './common/logging/logger.js';
import type { KeywordIndexThread } from './modules/matching/thread/keyword-index-thread.js';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');
/** The keyword index thread the entry point started, or null: the index then lives in-process. */
export const KEYWORD_INDEX_THREAD = Symbol('KEYWORD_INDEX_THREAD');

export interface CoreOptions {
  config: AppConfig;
  clock?: Clock;
  logger?: Logger;
  keywordIndexThread?: KeywordIndexThread;
}

@Global()
@Module({})
export class CoreModule {
  static forRoot(options: CoreOptions): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
        {
          provide: ROOT_LOGGER,
          useValue: options.logger ?? createRootLogger(options.config.logLevel),
        },
        { provide: KEYWORD_INDEX_THREAD, useValue: options.keywordIndexThread ?? null },
      ],
      exports: [APP_CONFIG, Clock, ROOT_LOGGER, KEYWORD_INDEX_THREAD],
    };
  }
}
