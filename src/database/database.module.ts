import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CommitWakeups } from './commit-wakeups.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { Database } from './database.js';
import { DatabaseReachability } from './database-reachability.js';
import { databaseKind } from './database-url.js';

/** Made before the data source, whose PostgreSQL connections open through it. */
@Module({ providers: [DatabaseReachability], exports: [DatabaseReachability] })
class DatabaseReachabilityModule {}

@Global()
@Module({
  imports: [
    DatabaseReachabilityModule,
    TypeOrmModule.forRootAsync({
      imports: [DatabaseReachabilityModule],
      inject: [APP_CONFIG, DatabaseReachability],
      useFactory: async (config: AppConfig, reachability: DatabaseReachability) =>
        buildDataSourceOptions(
          config.databaseUrl,
          config.databaseStatementTimeoutMs,
          databaseKind(config.databaseUrl) === 'postgres'
            ? await reachability.postgresClient()
            : undefined,
        ),
    }),
  ],
  providers: [
    {
      provide: Database,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => Database.open(dataSource),
    },
    CommitWakeups,
  ],
  exports: [Database, CommitWakeups, DatabaseReachabilityModule],
})
export class DatabaseModule {}
