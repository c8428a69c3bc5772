const REDACTED = '[REDACTED]';
/**
 * API keys (alr_, app_), feed tokens (feed_), webhook secrets in their whsec_ form, mail link
 * tokens (mail_), setup link tokens (setup_).
 */
const PREFIXED_SECRET = /^(alr|app|feed|whsec|mail|setup)_[A-Za-z0-9_-]{16,}$/;
/** A long run of key-like characters: an unprefixed token or a 32-byte hex secret. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECRET_PARAMETER_NAME =
  /^(api[_-]?key|key|token|access[_-]?token|auth|authorization|secret|password|signature)$/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function looksSecret(text: string): boolean {
  return PREFIXED_SECRET.test(text) || (TOKEN_LIKE.test(text) && !UUID.test(text));
}

function redactQueryPart(part: string): string {
  const equals = part.indexOf('=');
  if (equals === -1) return looksSecret(decoded(part)) ? REDACTED : part;
  const name = part.slice(0, equals);
  const value = part.slice(equals + 1);
  return SECRET_PARAMETER_NAME.test(decoded(name)) || looksSecret(decoded(value).trim())
    ? `${name}=${REDACTED}`
    : part;
}

/**
 * A request URL as it may be logged: path segments that are credentials (the feed token in a feed
 * URL) and query values that look like keys or tokens, or sit under a credential's name
 * (`?api_key=`), are replaced; everything else stays as it was sent.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  const redactedPath = path
    .split('/')
    .map((segment) => (PREFIXED_SECRET.test(decoded(segment)) ? REDACTED : segment))
    .join('/');
  if (question === -1) return redactedPath;
  const query = url
    .slice(question + 1)
    .split('&')
    .map(redactQueryPart)
    .join('&');
  return `${redactedPath}?${query}`;
}

/** Parsed query or route parameters as they may be logged, by the same rule. */
export function redactParameters(parameters: unknown): unknown {
  if (typeof parameters !== 'object' || parameters === null) return parameters;
  return Object.fromEntries(
    Object.entries(parameters).map(([name, value]) => [
      name,
      SECRET_PARAMETER_NAME.test(name) || (typeof value === 'string' && looksSecret(value.trim()))
        ? REDACTED
        : value,
    ]),
  );
}
