import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CommitWakeups } from './commit-wakeups.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { Database } from './database.js';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        buildDataSourceOptions(config.databaseUrl, config.databaseStatementTimeoutMs),
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
  exports: [Database, CommitWakeups],
})
export class DatabaseModule {}
