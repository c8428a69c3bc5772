import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { CoreModule, type CoreOptions } from '../core.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { MetricsModule } from '../modules/metrics/metrics.module.js';

export type FeatureModule = Type | DynamicModule;

/**
 * What an admin command runs in: the server's configuration and database, no HTTP, and only the
 * feature modules the command works with, so that a command loads no more code than it needs.
 */
@Module({})
export class CommandModule {
  static forRoot(options: CoreOptions, features: FeatureModule[]): DynamicModule {
    return {
      module: CommandModule,
      imports: [CoreModule.forRoot(options), DatabaseModule, MetricsModule, ...features],
    };
  }
}
