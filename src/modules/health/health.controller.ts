import { Controller, Get, HttpCode } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { Database } from '../../database/database.js';
import { Public } from '../auth/auth.decorators.js';

@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly database: Database) {}

  @Get()
  liveness() {
    return { status: 'ok' };
  }

  @Get('ready')
  @HttpCode(200)
  async readiness() {
    try {
      await this.database.manager.query('SELECT 1');
    } catch {
      throw new AppError('unavailable', 'Database unreachable');
    }
    return { status: 'ok', database: 'up' };
  }
}
