import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { RateLimitCounters } from './rate-limit-counters.js';
import { THROTTLERS } from './throttlers.js';

/** Made before the throttler, which counts through it. */
@Module({ providers: [RateLimitCounters], exports: [RateLimitCounters] })
export class RateLimitCountersModule {}

/** The throttlers, counting in RateLimitCounters: Redis when REDIS_URL is set, else memory. */
@Module({
  imports: [
    RateLimitCountersModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitCountersModule],
      inject: [RateLimitCounters],
      useFactory: (counters: RateLimitCounters) => ({ throttlers: THROTTLERS, storage: counters }),
    }),
  ],
  exports: [ThrottlerModule, RateLimitCountersModule],
})
export class RateLimitModule {}
