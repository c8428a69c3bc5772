const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function bearerToken(authorization: string | undefined): string | undefined {
  return BEARER.exec(authorization ?? '')?.[1];
}
