import type { INestApplication } from '@nestjs/common';

/** One route of the Express router: an upper-case method and Express's path template (`/a/:id`). */
export interface ServedRoute {
  method: string;
  path: string;
}

/** What the booted app's Express router serves: its routes, and the paths apps are mounted at. */
export interface RouterSurface {
  routes: ServedRoute[];
  /** Handlers mounted under a path rather than routed (Apollo's /graphql, static files). */
  mounts: string[];
}

interface RouterLayer {
  /** The path the layer was registered with (router 2's Layer keeps it). */
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
}

/** Read from the router itself, so whatever is added to the app is in it, Nest's routes or not. */
export function routerSurface(app: INestApplication): RouterSurface {
  const { stack } = (app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } })
    .router;
  const routes = stack.flatMap(({ route }) =>
    route === undefined
      ? []
      : Object.keys(route.methods).map((method) => ({
          method: method.toUpperCase(),
          path: route.path,
        })),
  );
  const mounts = stack.flatMap(({ route, rawPath }) =>
    route === undefined && typeof rawPath === 'string' && rawPath !== '/' ? [rawPath] : [],
  );
  return { routes, mounts: [...new Set(mounts)] };
}

/** `/a/:id` as OpenAPI writes it: `/a/{id}`. */
export const openApiPath = (expressPath: string): string => expressPath.replace(/:(\w+)/g, '{$1}');
