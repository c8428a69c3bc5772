import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';
import { isDashboardBuilt } from './built-dashboard.js';
import { DASHBOARD_PATH, dashboardHandler, NOT_BUILT_MESSAGE } from './dashboard-handler.js';

/**
 * Mounts the dashboard on the HTTP server: static files need no key, no guard and no rate
 * limit (the data behind them is on /graphql, which has all three).
 */
@Injectable()
export class DashboardMount implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    const dir = this.config.dashboardDir;
    if (!isDashboardBuilt(dir)) {
      this.logger.warn({ dashboardDir: dir }, NOT_BUILT_MESSAGE);
    }
    this.adapterHost.httpAdapter.use(DASHBOARD_PATH, dashboardHandler(dir));
  }
}
