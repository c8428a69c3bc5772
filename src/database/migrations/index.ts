import { InitialSchema1763700000000 } from './1763700000000-initial-schema.js';
import { IngestionState1763700100000 } from './1763700100000-ingestion-state.js';

/** Every migration, in order; listed explicitly so builds and tests load the same set. */
export const MIGRATIONS = [InitialSchema1763700000000, IngestionState1763700100000];
