import express, { type RequestHandler } from 'express';
import { AppError } from '../errors/app-error.js';
import { containsNul, NUL_REFUSAL } from '../validation/nul-character.js';

const BODY_LIMIT = '2mb';

/** Far above any body the API takes (3 levels for keywords); deep enough for any GraphQL variables. */
export const MAX_JSON_DEPTH = 32;

/**
 * What a parsed body must not hold: nesting deeper than MAX_JSON_DEPTH (recursive code further on,
 * class-transformer's among it, would overflow the stack) or a NUL character (PostgreSQL refuses
 * it in text). Walks with its own stack, so the walk itself cannot overflow.
 */
export function jsonBodyProblem(body: unknown): string | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (containsNul(value)) return NUL_REFUSAL;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [key, child] of Object.entries(value)) {
      if (containsNul(key)) return NUL_REFUSAL;
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}

const refuseUnsafeJson: RequestHandler = (req, _res, next) => {
  const problem = jsonBodyProblem(req.body);
  next(problem ? AppError.invalidBody(problem) : undefined);
};

/**
 * JSON bodies (application/json and the `+json` types such as merge-patch+json), within the size
 * limit, and only those the rest of the app can handle safely. Other types leave the body unset.
 */
export function jsonBody(): RequestHandler[] {
  return [
    express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] }),
    refuseUnsafeJson,
  ];
}
