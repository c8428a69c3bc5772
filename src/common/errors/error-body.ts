import type { ErrorCode } from './error-code.js';

export interface ErrorBody {
  error: string;
  code: ErrorCode;
}

export const errorBody = (code: ErrorCode, error: string): ErrorBody => ({ error, code });
