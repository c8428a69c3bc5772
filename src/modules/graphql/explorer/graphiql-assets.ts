import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Response } from 'express';
import { graphqlExplorerEnabled } from '../graphql-options.js';
import { GRAPHIQL_ASSETS_PATH, graphiqlAssetFiles } from './graphiql-page.js';

/** Serves the explorer's files, and only while the explorer is on. */
@Injectable()
export class GraphiqlAssets implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    if (!graphqlExplorerEnabled(process.env.NODE_ENV)) return;
    for (const [name, file] of Object.entries(graphiqlAssetFiles())) {
      this.adapterHost.httpAdapter.get(`${GRAPHIQL_ASSETS_PATH}/${name}`, (_req, res: Response) =>
        res.sendFile(file, { maxAge: '1d' }),
      );
    }
  }
}
