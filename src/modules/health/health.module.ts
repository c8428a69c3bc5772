import { Module } from '@nestjs/common';
import { RateLimitCountersModule } from '../rate-limit/rate-limit.module.js';
import { HealthController } from './health.controller.js';
import { MissingDependencies } from './missing-dependencies.service.js';

@Module({
  imports: [RateLimitCountersModule],
  controllers: [HealthController],
  providers: [MissingDependencies],
  exports: [MissingDependencies],
})
export class HealthModule {}
