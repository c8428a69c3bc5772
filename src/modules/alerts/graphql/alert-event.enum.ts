import { registerEnumType } from '@nestjs/graphql';
import type { AlertEvent } from '../alert.entity.js';

/** The values are REST's strings, as for KeywordMode. */
export const AlertEventEnum = {
  post: 'post',
  comment: 'comment',
} as const satisfies Record<AlertEvent, AlertEvent>;

registerEnumType(AlertEventEnum, { name: 'AlertEvent' });
