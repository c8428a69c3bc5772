import type { RequestHandler } from 'express';
import { AppError } from '../errors/app-error.js';
import { NUL_REFUSAL } from '../validation/nul-character.js';

/** The HTTP parser refuses raw NUL bytes, so in a URL a NUL can only arrive percent-encoded. */
const ENCODED_NUL = /%00/i;

/**
 * A path with a NUL names nothing that can exist (ids never hold one): 404, as any unknown id.
 * A query parameter with one is a value no filter accepts: 422.
 */
export const refuseNulInUrl: RequestHandler = (req, _res, next) => {
  const queryStart = req.originalUrl.indexOf('?');
  const path = queryStart === -1 ? req.originalUrl : req.originalUrl.slice(0, queryStart);
  const query = queryStart === -1 ? '' : req.originalUrl.slice(queryStart);
  if (ENCODED_NUL.test(path)) return next(new AppError('not_found', 'Not found'));
  if (ENCODED_NUL.test(query)) return next(AppError.invalidBody(NUL_REFUSAL));
  next();
};
