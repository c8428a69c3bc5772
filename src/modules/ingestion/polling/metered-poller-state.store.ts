import type { CoverageCounters, PollerState, PollerStateStore } from '../reddit/poller-state.js';

/**
 * Reports what each save adds to the persisted coverage totals. The baseline is reset on every
 * load (when the poller takes over), so totals written meanwhile by another instance are never
 * counted here.
 */
export class MeteredPollerStateStore implements PollerStateStore {
  private baseline: CoverageCounters | null = null;

  constructor(
    private readonly inner: PollerStateStore,
    private readonly onCoverage: (delta: CoverageCounters) => void,
  ) {}

  async load(): Promise<PollerState> {
    const state = await this.inner.load();
    this.baseline = { ...state.coverage };
    return state;
  }

  async save(state: PollerState): Promise<void> {
    await this.inner.save(state);
    if (this.baseline !== null) this.onCoverage(coverageDelta(state.coverage, this.baseline));
    this.baseline = { ...state.coverage };
  }
}

export function coverageDelta(after: CoverageCounters, before: CoverageCounters): CoverageCounters {
  const delta = { ...after };
  for (const key of Object.keys(delta) as (keyof CoverageCounters)[]) {
    delta[key] = after[key] - before[key];
  }
  return delta;
}
