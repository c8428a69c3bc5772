const HOUR_MS = 3_600_000;

/** When an item's numbers are looked at again, after Reddit created it (decisions.md section 13). */
export const RECHECK_AFTER_MS = { 1: HOUR_MS, 2: 6 * HOUR_MS } as const;

export type RecheckStage = keyof typeof RECHECK_AFTER_MS;

export interface RecheckDue {
  stage: RecheckStage;
  dueAt: number;
}

/**
 * The first re-check of an item first seen `now`: at +1 h, or at +6 h when it is seen later than
 * +1 h (it was just checked); none when it is seen after +6 h (a dump of old items).
 */
export function firstRecheck(createdUtc: number, now: number): RecheckDue | null {
  for (const stage of [1, 2] as const) {
    const dueAt = createdUtc * 1_000 + RECHECK_AFTER_MS[stage];
    if (now < dueAt) return { stage, dueAt };
  }
  return null;
}

/** After a re-check that did not pass: the +6 h one follows the +1 h one; nothing follows it. */
export function nextRecheck(stage: RecheckStage, createdUtc: number): RecheckDue | null {
  return stage === 1 ? { stage: 2, dueAt: createdUtc * 1_000 + RECHECK_AFTER_MS[2] } : null;
}
