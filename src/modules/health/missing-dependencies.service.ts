import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/time/clock.js';
import { Database } from '../../database/database.js';
import { DatabaseReachability } from '../../database/database-reachability.js';
import { RateLimitCounters } from '../rate-limit/rate-limit-counters.js';

export type DependencyName = 'database' | 'redis';

export interface MissingDependency {
  dependency: DependencyName;
  /** When this instance lost it (epoch ms). */
  since: number;
}

/** What this instance depends on, and what of it it cannot reach now (docs/operations.md). */
@Injectable()
export class MissingDependencies {
  constructor(
    private readonly database: Database,
    private readonly reachability: DatabaseReachability,
    private readonly counters: RateLimitCounters,
    private readonly clock: Clock,
  ) {}

  /** The database always; Redis when REDIS_URL is set. */
  get watched(): DependencyName[] {
    return this.counters.usesRedis ? ['database', 'redis'] : ['database'];
  }

  /** The database is asked (SELECT 1); Redis is missing while the rate limits count without it. */
  async list(): Promise<MissingDependency[]> {
    const missing: MissingDependency[] = [];
    if (!(await this.databaseAnswers())) {
      const since = this.reachability.unreachableSince ?? this.clock.nowMs();
      missing.push({ dependency: 'database', since });
    }
    const redisSince = this.counters.redisUnreachableSince;
    if (redisSince !== null) missing.push({ dependency: 'redis', since: redisSince });
    return missing;
  }

  private databaseAnswers(): Promise<boolean> {
    return this.database.ping().then(
      () => true,
      () => false,
    );
  }
}
