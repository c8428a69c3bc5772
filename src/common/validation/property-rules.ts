import { applyDecorators } from '@nestjs/common';

/**
 * Several validation decorators as one, applied as if written one above the other in this order
 * (TypeScript applies the lowest first), so their messages keep the order they had when stacked.
 */
export function propertyRules(...decorators: PropertyDecorator[]): PropertyDecorator {
  return applyDecorators(...[...decorators].reverse());
}
