import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { THROTTLERS } from './throttlers.js';

/** Counters live in memory for one instance, in Redis when REDIS_URL is set so instances share them. */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: THROTTLERS,
        storage: config.redisUrl
          ? new ThrottlerStorageRedisService(config.redisUrl, { keyPrefix: 'alerts:ratelimit:' })
          : undefined,
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}
