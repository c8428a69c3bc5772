import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { AppError } from '../errors/app-error.js';

/**
 * A route that reads a body gets one: without a JSON body (none sent, or sent as text/plain,
 * a form, XML…) the parser leaves it unset, and that is the caller's mistake, not a crash.
 */
export class JsonBodyRequiredPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'body' && value === undefined) throw AppError.jsonBodyRequired();
    return value;
  }
}
