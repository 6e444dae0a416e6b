import type { DeadlineStep } from '../api/deadlines';
import type { ApplicationStatus } from './application-status';
import { addDays, dayNumber, isWeekend } from './deadline-dates';

// The deadline clock: pure, so the server stores what the detail screen explains and
// tests can reason about it. Days are counted after the start day: "10 days from the 1st" is the
// 11th. With working days, Saturdays, Sundays and the holiday calendar are not counted. While the
// application waits on the applicant the clock stands still: a pause from day P to day R (the
// day it resumed) leaves the days after P up to and including R uncounted, so the deadline moves
// by exactly the days the applicant held it, and counting continues where it stopped.

export interface ClockHoliday {
  date: string;
  name_en: string;
  name_sq: string;
  name_sr: string;
}

export interface ClockPause {
  /** The calendar day the clock stopped. */
  from: string;
  /** The calendar day it resumed; null while the application still waits. */
  to: string | null;
  /** The status the application waited in. */
  status: ApplicationStatus;
  /** Absent: the applicant held it; otherwise the third party the office waited on. */
  waiting_on?: ClockWait;
}

/** A third party the centre's clock waits on (an issuing institution asked to confirm a document). */
export type ClockWait = 'issuing_institution';

export interface ClockInput {
  /** The day the clock started (not counted itself). */
  start: string;
  days: number;
  workingDays: boolean;
  holidays: readonly ClockHoliday[];
  pauses: readonly ClockPause[];
  /** Today: an open pause is treated as if the clock resumed today (the due date is then provisional). */
  today: string;
}

export interface ClockResult {
  due: string;
  /** True while a pause is open: the due date moves with every further day of waiting. */
  provisional: boolean;
  steps: DeadlineStep[];
}

interface PausedSpan {
  /** Day numbers: days in (from, to] are not counted. */
  from: number;
  to: number;
  status: ApplicationStatus;
  open: boolean;
  waiting_on?: ClockWait;
}

/**
 * Pauses as day spans, in order, overlaps merged. One stopped and resumed on the same day is left
 * out; an open one of today stays (the application is waiting, with no day lost yet).
 */
function pausedSpans(pauses: readonly ClockPause[], today: string): PausedSpan[] {
  const spans = pauses
    .map((pause) => ({
      from: dayNumber(pause.from),
      to: dayNumber(pause.to ?? (today > pause.from ? today : pause.from)),
      status: pause.status,
      open: pause.to === null,
      ...(pause.waiting_on ? { waiting_on: pause.waiting_on } : {}),
    }))
    .filter((span) => span.open || span.to > span.from)
    .sort((a, b) => a.from - b.from || a.to - b.to);
  const merged: PausedSpan[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.from <= last.to) {
      last.to = Math.max(last.to, span.to);
      last.open ||= span.open;
      // Overlapping a wait on the applicant, the span is explained as the applicant's.
      if (!span.waiting_on) delete last.waiting_on;
    } else merged.push({ ...span });
  }
  return merged;
}

function isPaused(day: number, spans: readonly PausedSpan[]): boolean {
  return spans.some((span) => day > span.from && day <= span.to);
}

type DayVerdict = 'counted' | 'paused' | 'weekend' | 'holiday';

function judge(date: string, input: ClockInput, spans: readonly PausedSpan[], holidays: ReadonlyMap<string, ClockHoliday>): DayVerdict {
  if (isPaused(dayNumber(date), spans)) return 'paused';
  if (!input.workingDays) return 'counted';
  if (isWeekend(date)) return 'weekend';
  return holidays.has(date) ? 'holiday' : 'counted';
}

/** The due date and the steps that explain it. */
export function computeDeadline(input: ClockInput): ClockResult {
  const spans = pausedSpans(input.pauses, input.today);
  const holidays = new Map(input.holidays.map((holiday) => [holiday.date, holiday]));
  let date = input.start;
  let counted = 0;
  let weekendDays = 0;
  const skippedHolidays: ClockHoliday[] = [];
  while (counted < input.days) {
    date = addDays(date, 1);
    const verdict = judge(date, input, spans, holidays);
    if (verdict === 'counted') counted += 1;
    else if (verdict === 'weekend') weekendDays += 1;
    else if (verdict === 'holiday') skippedHolidays.push(holidays.get(date)!);
  }
  const startDay = dayNumber(input.start);
  const dueDay = dayNumber(date);
  // Pauses that touched the counting: after the start, before the due date.
  const relevant = spans.filter((span) => (span.to > startDay || span.open) && span.from < dueDay);
  const steps: DeadlineStep[] = [
    { kind: 'start', date: input.start },
    { kind: 'add_days', days: input.days, working_days: input.workingDays },
    ...relevant.map((span): DeadlineStep => {
      const from = Math.max(span.from, startDay);
      return {
        kind: 'paused',
        from: addDays(input.start, from - startDay),
        to: span.open ? null : addDays(input.start, span.to - startDay),
        days: span.to - from,
        status: span.status,
        ...(span.waiting_on ? { waiting_on: span.waiting_on } : {}),
      };
    }),
    ...(weekendDays > 0 ? [{ kind: 'skipped_weekends' as const, days: weekendDays }] : []),
    ...skippedHolidays.map((holiday): DeadlineStep => ({ kind: 'skipped_holiday', ...holiday })),
  ];
  const provisional = relevant.some((span) => span.open);
  steps.push({ kind: 'due', date, provisional });
  return { due: date, provisional, steps };
}

/** How many days the clock has counted after the start up to and including `until`. */
export function countedDays(input: Omit<ClockInput, 'days'>, until: string): number {
  const spans = pausedSpans(input.pauses, input.today);
  const holidays = new Map(input.holidays.map((holiday) => [holiday.date, holiday]));
  let counted = 0;
  for (let date = addDays(input.start, 1); date <= until; date = addDays(date, 1)) {
    if (judge(date, { ...input, days: 0 }, spans, holidays) === 'counted') counted += 1;
  }
  return counted;
}
