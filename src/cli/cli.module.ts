import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule, type CoreOptions } from '../core.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { AccountsModule } from '../modules/accounts/accounts.module.js';
import { DeliveryModule } from '../modules/delivery/delivery.module.js';
import { InboxModule } from '../modules/inbox/inbox.module.js';
import { IngestionModule } from '../modules/ingestion/ingestion.module.js';
import { MetricsModule } from '../modules/metrics/metrics.module.js';

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
        IngestionModule,
        DeliveryModule,
        InboxModule,
      ],
    };
  }
}
