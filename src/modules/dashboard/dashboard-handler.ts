import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { errorBody } from '../../common/errors/error-body.js';
import {
  INDEX_FILE,
  loadBuiltDashboard,
  type ContentEncoding,
  type DashboardFile,
} from './built-dashboard.js';
import {
  DASHBOARD_SECURITY_HEADERS,
  HASHED_ASSET_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
} from './dashboard-headers.js';

export const DASHBOARD_PATH = '/dashboard';

/** Best first: brotli is the smaller; identity is always there. */
const ENCODING_PREFERENCE: ContentEncoding[] = ['br', 'gzip', 'identity'];

export const NOT_BUILT_MESSAGE =
  'The dashboard is not built on this server: run npm run build, then restart it';

/**
 * A client route (/dashboard/keywords, /dashboard/webhooks/<id>) gets index.html, whose script
 * routes it; a missing file (anything with an extension, anything under assets/) is a 404.
 */
function isClientRoute(path: string): boolean {
  const last = path.split('/').pop() ?? '';
  return !path.startsWith('assets/') && !last.includes('.');
}

/**
 * The smallest variant the client accepts at all: like nginx's brotli_static and gzip_static,
 * relative q-values are not weighed, only a refusal (q=0) is honoured.
 */
function chooseEncoding(req: Request, file: DashboardFile): ContentEncoding {
  const accepted = ENCODING_PREFERENCE.find(
    (encoding) => file.bodies[encoding] !== undefined && req.acceptsEncodings(encoding) !== false,
  );
  return accepted ?? 'identity';
}

function send(req: Request, res: Response, file: DashboardFile): void {
  if (Object.keys(file.bodies).length > 1) res.vary('Accept-Encoding');
  const encoding = chooseEncoding(req, file);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Cache-Control', file.hashed ? HASHED_ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL);
  res.type(file.extension);
  // Express adds an ETag of the body sent and answers 304 to a matching If-None-Match.
  res.send(file.bodies[encoding]);
}

/**
 * Serves the built client from `dir` under /dashboard (mounted there): its files, and index.html
 * for the client's own routes. Before the client is built it answers 503 and says how to build it.
 */
export function dashboardHandler(dir: string): RequestHandler {
  let files = loadBuiltDashboard(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    files ??= loadBuiltDashboard(dir);
    res.set(DASHBOARD_SECURITY_HEADERS);
    if (files === null) {
      res.status(503).json(errorBody('unavailable', NOT_BUILT_MESSAGE));
      return;
    }
    const path = req.path.slice(1);
    const file = files.get(path) ?? (isClientRoute(path) ? files.get(INDEX_FILE) : undefined);
    if (file === undefined) return next();
    send(req, res, file);
  };
}
