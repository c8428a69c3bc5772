import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Histogram, type Registry } from 'prom-client';

/** Routes outside Nest's router (Apollo's) by their mount path; anything else unmatched shares one label. */
const MOUNTED_PATHS = ['/graphql'];
/** Handlers mounted with app.use (the dashboard's files): labelled by the path they are mounted at. */
const MOUNTED_PREFIXES = ['/dashboard'];

function routeLabel(request: Request): string {
  const route = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof route === 'string') return request.baseUrl + route;
  if (MOUNTED_PREFIXES.includes(request.baseUrl)) return request.baseUrl;
  return MOUNTED_PATHS.find((path) => request.path === path) ?? 'unmatched';
}

/**
 * Rate and latency per route: one histogram labelled by method, route template (never the raw
 * path, so ids and tokens neither leak nor multiply series) and status.
 */
export function httpRequestMetrics(registry: Registry): RequestHandler {
  const duration = new Histogram({
    name: 'alerts_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status: count (rate) and latency',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    response.once('finish', () => {
      duration.observe(
        { method: request.method, route: routeLabel(request), status: String(response.statusCode) },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
