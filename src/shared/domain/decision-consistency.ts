import type { RecognitionOutcome } from '../api/recognition-decisions';

// How consistent a decision is with the earlier decisions on the same programme (the EAR manual's
// precedent database): "consistent with N of M". A departure needs a reason only from a clear
// majority: at least CLEAR_MAJORITY.minimum earlier decisions, of which at least
// CLEAR_MAJORITY.numerator / CLEAR_MAJORITY.denominator took one outcome. Fewer decisions, or a split, bind nobody. The builder shows
// it and the server enforces it with the same function.

/** At least 3 earlier decisions, at least two thirds of them alike. */
export const CLEAR_MAJORITY = { minimum: 3, numerator: 2, denominator: 3 } as const;

export type OutcomeCounts = Partial<Record<RecognitionOutcome, number>>;

export function totalOf(counts: OutcomeCounts): number {
  return Object.values(counts).reduce((sum, count) => sum + (count ?? 0), 0);
}

/** The outcome a clear majority of the earlier decisions took; null when there is none. */
export function clearMajority(counts: OutcomeCounts): RecognitionOutcome | null {
  const total = totalOf(counts);
  if (total < CLEAR_MAJORITY.minimum) return null;
  for (const [outcome, count] of Object.entries(counts) as [RecognitionOutcome, number][]) {
    // Compared in integers: 2 of 3 is a clear majority, not a rounding question.
    if (count * CLEAR_MAJORITY.denominator >= total * CLEAR_MAJORITY.numerator) return outcome;
  }
  return null;
}

/** True when `outcome` departs from a clear majority, so the decision must say why. */
export function departsFromMajority(counts: OutcomeCounts, outcome: RecognitionOutcome): boolean {
  const majority = clearMajority(counts);
  return majority !== null && majority !== outcome;
}
