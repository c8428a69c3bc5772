import { stdSerializers } from 'pino';

/**
 * Keys of a failed query that hold row values, and so secrets such as a webhook's signing secret:
 * TypeORM's `parameters`, PostgreSQL's `detail` ("Key (…)=(…)", "Failing row contains (…)").
 */
const ROW_VALUE_KEYS = new Set(['parameters', 'detail']);
const REDACTED = '[REDACTED]';
/** Deeper than any error we wrap (GraphQL error → query error → driver error); beyond, nothing. */
const MAX_DEPTH = 6;

/** pino's error serializer, without the values a failed query was given. */
export function serializeError(error: unknown): unknown {
  return withoutRowValues(stdSerializers.err(error as Error), 0);
}

function withoutRowValues(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => withoutRowValues(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[key] = ROW_VALUE_KEYS.has(key) ? REDACTED : withoutRowValues(inner, depth + 1);
  }
  return copy;
}
