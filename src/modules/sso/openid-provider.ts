import * as oidc from 'openid-client';

/** Seconds an ID token's iat/exp/nbf may be off from this server's clock. */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** Each request to the provider (discovery, keys, token) gives up after this. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Where discovery reads the provider's metadata (OpenID Connect Discovery 1.0, section 4). */
export function discoveryUrl(issuer: URL): string {
  return `${issuer.href.replace(/\/$/, '')}/.well-known/openid-configuration`;
}

/**
 * Why a call to the provider failed, for the admin or the log: the messages and codes of the
 * error and its cause (openid-client wraps oauth4webapi's), never a response body or a secret.
 */
export function providerFailure(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth += 1) {
    const { message, code, error: providerError } = current as Record<string, unknown>;
    for (const part of [message, providerError, code]) {
      if (typeof part === 'string' && part !== '' && !parts.includes(part)) parts.push(part);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return parts.length === 0 ? String(error) : parts.join('; ');
}

/**
 * The provider's discovery document read into a client configuration: its issuer must be the one
 * given, the client authenticates with client_secret_basic (the OpenID default), and ID tokens
 * from the token endpoint have their signature checked against the provider's keys
 * (enableNonRepudiationChecks), beside the issuer, audience, nonce and time checks of
 * openid-client. `http`: the issuer is http (SSO_ALLOW_HTTP on loopback, parseIssuer).
 */
export async function discoverProvider(client: ProviderClient): Promise<oidc.Configuration> {
  const issuer = new URL(client.issuer);
  const config = await oidc.discovery(
    issuer,
    client.clientId,
    { [oidc.clockTolerance]: CLOCK_TOLERANCE_SECONDS },
    oidc.ClientSecretBasic(client.clientSecret),
    {
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_SECONDS,
    },
  );
  oidc.enableNonRepudiationChecks(config);
  return config;
}
