import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config.js';
import { buildDataSourceOptions } from './src/database/data-source-options.js';

/** The data source the TypeORM CLI uses (`npm run migration:run`), built from the app's own config. */
const config = loadConfig();
export default new DataSource(
  buildDataSourceOptions(config.databaseUrl, config.databaseStatementTimeoutMs),
);
