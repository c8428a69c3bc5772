import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { GRAPHIQL_ASSETS_PATH, graphiqlAssetFiles } from './graphiql-page.js';

/** Serves the explorer's files, and only while the explorer is on. */
@Injectable()
export class GraphiqlAssets implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (!this.config.graphqlExplorer) return;
    for (const [name, file] of Object.entries(graphiqlAssetFiles())) {
      this.adapterHost.httpAdapter.get(`${GRAPHIQL_ASSETS_PATH}/${name}`, (_req, res: Response) =>
        res.sendFile(file, { maxAge: '1d' }),
      );
    }
  }
}
