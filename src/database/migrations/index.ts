import { InitialSchema1763700000000 } from './1763700000000-initial-schema.js';

/** Every migration, in order; listed explicitly so builds and tests load the same set. */
export const MIGRATIONS = [InitialSchema1763700000000];
