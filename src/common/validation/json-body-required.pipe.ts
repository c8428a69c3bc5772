import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { AppError } from '../errors/app-error.js';

/**
 * A route that reads a body gets one: the JSON parser leaves the body unset when none was sent
 * or it was sent as another type, and the route's own checks would then blame a missing field.
 */
export class JsonBodyRequiredPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'body' && value === undefined) throw AppError.jsonBodyRequired();
    return value;
  }
}
