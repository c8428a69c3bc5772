import type { DynamicModule } from '@nestjs/common';
import type { CoreOptions } from '../core.module.js';
import { AccountsModule } from '../modules/accounts/accounts.module.js';
import { IngestionModule } from '../modules/ingestion/ingestion.module.js';
import { UsersModule } from '../modules/users/users.module.js';
import { PIPELINE_SINKS } from '../pipeline-sinks.js';
import { CommandModule } from './command.module.js';

/** Every admin command's modules at once, the whole ingestion pipeline included: the benchmarks' app. */
export const CliModule = {
  forRoot(options: CoreOptions): DynamicModule {
    return CommandModule.forRoot(options, [
      AccountsModule,
      UsersModule,
      IngestionModule.forRoot({ sinks: PIPELINE_SINKS }),
    ]);
  },
};
