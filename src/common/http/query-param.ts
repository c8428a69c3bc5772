import { AppError } from '../errors/app-error.js';

/** A query parameter given at most once: its string value, or undefined when absent. */
export function singleQueryParam(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw AppError.invalidBody(`${name} must be given once`);
  return value;
}

/**
 * A query parameter read as a count: digits only, else NaN, which the rule that checks the count
 * refuses with its own message.
 */
export function wholeNumberParam(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  return /^\d+$/.test(value) ? Number(value) : NaN;
}
