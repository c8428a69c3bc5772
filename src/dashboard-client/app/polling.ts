/**
 * The options of every query the dashboard polls: read again every `intervalMs` while the tab is
 * visible. TanStack Query's focus manager follows the Page Visibility API: while
 * `document.hidden` the interval sends nothing, and the query is read at once when the tab
 * shows again (`visibilitychange`).
 */
export const pollEvery = (intervalMs: number) =>
  ({
    refetchInterval: intervalMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  }) as const;
