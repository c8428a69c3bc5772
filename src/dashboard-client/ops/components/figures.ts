/** How often the console's pages read their figures again (samples are written once a minute). */
export const FIGURES_REFRESH_MS = 15_000;

export const formatRate = (perSecond: number): string =>
  perSecond >= 10 ? perSecond.toFixed(0) : perSecond.toFixed(2);

export const formatSeconds = (seconds: number | null | undefined): string =>
  seconds === null || seconds === undefined ? '—' : `${seconds.toFixed(1)} s`;

/** Below a second in milliseconds: stages of the pipeline take tens of them. */
export const formatDuration = (seconds: number | null): string =>
  seconds === null
    ? '—'
    : seconds < 1
      ? `${Math.round(seconds * 1_000)} ms`
      : `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
