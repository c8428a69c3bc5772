import { collectDefaultMetrics, Registry } from 'prom-client';

/** One Prometheus registry per application, so tests with several apps do not share counters. */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'alerts_' });
  return registry;
}
