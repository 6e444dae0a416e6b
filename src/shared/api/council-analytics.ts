import { z } from 'zod';
import { ACADEMIC_FIELD_CATEGORIES } from '../domain/application-status';
import { recordId } from './drf';
import { localisedName } from './localised-name';

// Council analytics: how much reaches the councils and how fast they decide, over a
// period of whole months. Every figure is an aggregate the server computes in SQL over the
// applications the caller may see; the renderer draws, tabulates and exports them.

export const COUNCIL_ANALYTICS_PATHS = {
  analytics: '/councils/analytics/',
} as const;

/** The longest period one request may cover (ten years of months). */
export const MAX_ANALYTICS_MONTHS = 120;
/** The period when none is given: the last twelve months, this one included. */
export const DEFAULT_ANALYTICS_MONTHS = 12;

/** Field messages (English; the server answers them in the caller's language, see server.json councilAnalytics). */
export const COUNCIL_ANALYTICS_MESSAGES = {
  invalidMonth: 'Give a month as YYYY-MM.',
  periodReversed: 'The period must end on or after the month it starts.',
  periodTooLong: `The period may cover at most ${MAX_ANALYTICS_MONTHS} months.`,
} as const;

/** A month as YYYY-MM, between 1900 and 2999. */
export const analyticsMonth = z
  .string()
  .regex(/^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/, COUNCIL_ANALYTICS_MESSAGES.invalidMonth);

/** Months from `from` to `to`, both included (1 when they are equal). */
export function monthSpan(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/** The month `offset` months after `month` (before it when negative), YYYY-MM. */
export function shiftMonth(month: string, offset: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (number - 1) + offset;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The months of the period in order, YYYY-MM. */
export function monthsOf(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, monthSpan(from, to)) }, (_, index) => shiftMonth(from, index));
}

export const councilAnalyticsQuery = z
  .object({
    from: analyticsMonth.optional(),
    to: analyticsMonth.optional(),
    council: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    const span = monthSpan(query.from, query.to);
    if (span < 1) context.addIssue({ code: 'custom', path: ['to'], message: COUNCIL_ANALYTICS_MESSAGES.periodReversed });
    else if (span > MAX_ANALYTICS_MONTHS) context.addIssue({ code: 'custom', path: ['to'], message: COUNCIL_ANALYTICS_MESSAGES.periodTooLong });
  });
export type CouncilAnalyticsQuery = z.infer<typeof councilAnalyticsQuery>;

const count = z.number().int().nonnegative();
/** Days, with a fraction; null when nothing was decided. */
const days = z.number().nonnegative().nullable();

export const councilThroughputMonth = z.object({
  month: analyticsMonth,
  council_id: recordId,
  /** Applications assigned to the council that month (assigned_at). */
  assigned: count,
  /** Decisions the council recorded that month (review_date of a decided application). */
  decided: count,
});

export const councilOutcomeByField = z.object({
  /** Null: applications without an academic field category. */
  academic_field_category: z.enum(ACADEMIC_FIELD_CATEGORIES).nullable(),
  approved: count,
  rejected: count,
});

export const councilAnalyticsSummary = z.object({
  council_id: recordId,
  ...localisedName.shape,
  active: z.boolean(),
  assigned: count,
  decided: count,
  approved: count,
  rejected: count,
  average_days: days,
  p90_days: days,
  /** Reviews past their due date right now, whatever the period. */
  overdue: count,
});

export const councilAnalyticsAnswer = z.object({
  from: analyticsMonth,
  to: analyticsMonth,
  council: recordId.nullable(),
  /** Every month of the period for every council of the summary (zeros included). */
  throughput: z.array(councilThroughputMonth),
  outcomes_by_field: z.array(councilOutcomeByField),
  review_time: z.object({ decided: count, average_days: days, p90_days: days }),
  overdue: count,
  councils: z.array(councilAnalyticsSummary),
  /** Every council, for the council filter (whatever the filter chose). */
  council_options: z.array(localisedName.extend({ id: recordId, active: z.boolean() })),
});
export type CouncilAnalyticsAnswer = z.infer<typeof councilAnalyticsAnswer>;
export type CouncilAnalyticsSummary = z.infer<typeof councilAnalyticsSummary>;
