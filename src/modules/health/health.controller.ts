import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { Response } from 'express';
import { errorBody } from '../../common/errors/error-body.js';
import { isoWithMillis } from '../../common/time/timestamps.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../database/database-unreachable.js';
import { Public } from '../auth/auth.decorators.js';
import { MissingDependencies } from './missing-dependencies.service.js';

@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly dependencies: MissingDependencies) {}

  @Get()
  liveness() {
    return { status: 'ok' };
  }

  /**
   * 200 while the database answers (`degraded` while Redis does not), else 503 `unavailable`;
   * either way each dependency up or down, and the missing ones with since when.
   */
  @Get('ready')
  @HttpCode(200)
  async readiness(@Res({ passthrough: true }) res: Response) {
    const missing = await this.dependencies.list();
    const isMissing = (name: string) => missing.some(({ dependency }) => dependency === name);
    const states = Object.fromEntries(
      this.dependencies.watched.map((name) => [name, isMissing(name) ? 'down' : 'up']),
    );
    const listed = missing.map(({ dependency, since }) => ({
      dependency,
      since: isoWithMillis(since),
    }));
    if (isMissing('database')) {
      res.status(503).setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return { ...errorBody('unavailable', 'Database unreachable'), ...states, missing: listed };
    }
    return { status: missing.length === 0 ? 'ok' : 'degraded', ...states, missing: listed };
  }
}
