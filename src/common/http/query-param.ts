import { AppError } from '../errors/app-error.js';

/** A query parameter given at most once: its string value, or undefined when absent. */
export function singleQueryParam(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw AppError.invalidBody(`${name} must be given once`);
  return value;
}
