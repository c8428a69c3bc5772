import { registerEnumType } from '@nestjs/graphql';
import type { KeywordMode } from '../../matching/keyword-definition.js';

/** The values are REST's strings, so both APIs spell a mode the same way. */
export const KeywordModeEnum = {
  exact: 'exact',
  proximity: 'proximity',
  broad: 'broad',
} as const satisfies Record<KeywordMode, KeywordMode>;

registerEnumType(KeywordModeEnum, { name: 'KeywordMode' });
