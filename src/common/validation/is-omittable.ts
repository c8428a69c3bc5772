import { ValidateIf } from 'class-validator';

/** Optional, but not nullable: unlike @IsOptional(), an explicit null is still validated (and fails). */
export const IsOmittable = () =>
  ValidateIf((_object: object, value: unknown) => value !== undefined);
