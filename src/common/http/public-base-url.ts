import type { Request } from 'express';
import type { PublicUrlSettings } from '../../config/app-config.js';

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function firstHeaderValue(request: Request, name: string): string | undefined {
  return request.get(name)?.split(',')[0]?.trim();
}

/**
 * The scheme and host clients reach the service at: PUBLIC_BASE_URL when set; else the request's
 * own scheme and Host, X-Forwarded-Proto/-Host taking their place only under TRUST_PROXY (a header
 * anyone can send must not put another host into the links we hand out). Feed links and the dashboard's same-origin check read it.
 */
export function publicBaseUrl(request: Request, settings: PublicUrlSettings): string {
  if (settings.baseUrl !== null) return settings.baseUrl;
  const forwarded = (name: string) =>
    settings.trustProxy ? firstHeaderValue(request, name) : undefined;
  const forwardedProto = forwarded('x-forwarded-proto')?.toLowerCase();
  const proto =
    forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : request.protocol;
  const host = [forwarded('x-forwarded-host'), request.get('host')].find(
    (candidate) => candidate !== undefined && HOST.test(candidate),
  );
  return `${proto}://${host ?? 'localhost'}`;
}
