import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { RateLimitCounters } from './rate-limit-counters.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { throttlersFor } from './throttlers.js';

/** Made before the throttler, which counts through it. */
@Module({ providers: [RateLimitCounters], exports: [RateLimitCounters] })
export class RateLimitCountersModule {}

/** The throttlers, counting in RateLimitCounters: Redis when REDIS_URL is set, else memory. */
@Module({
  imports: [
    RateLimitCountersModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitCountersModule],
      inject: [RateLimitCounters, APP_CONFIG],
      useFactory: (counters: RateLimitCounters, config: AppConfig) => ({
        throttlers: throttlersFor(config),
        storage: counters,
      }),
    }),
  ],
  exports: [ThrottlerModule, RateLimitCountersModule],
})
export class RateLimitModule {}
