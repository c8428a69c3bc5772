import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule, type CoreOptions } from '../core.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { AccountsModule } from '../modules/accounts/accounts.module.js';
import { IngestionModule } from '../modules/ingestion/ingestion.module.js';
import { MetricsModule } from '../modules/metrics/metrics.module.js';
import { UsersModule } from '../modules/users/users.module.js';
import { PIPELINE_SINKS } from '../pipeline-sinks.js';

/** What the admin command needs: the same configuration and database as the server, no HTTP. */
@Module({})
export class CliModule {
  static forRoot(options: CoreOptions): DynamicModule {
    return {
      module: CliModule,
      imports: [
        CoreModule.forRoot(options),
        DatabaseModule,
        MetricsModule,
        AccountsModule,
        UsersModule,
        IngestionModule.forRoot({ sinks: PIPELINE_SINKS }),
      ],
    };
  }
}
