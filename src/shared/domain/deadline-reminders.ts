import type { ReminderFrequency } from '../constants';
import { addDays } from './deadline-dates';

// When reminders and the escalation of a running deadline fall (calendar days, in Kosovo dates).
// Reminders start `daysBefore` days before the due date and repeat once, daily or weekly up to the
// due date itself; a deadline started (or resumed) inside that window is reminded at once. The
// escalation is due `daysAfter` days after the due date, once, if the deadline is still open.
// The background job (server/jobs/deadline-jobs.ts) sends them; these functions only say when.

export interface ReminderRule {
  daysBefore: number;
  frequency: ReminderFrequency;
}

/** The next day a reminder is owed, on or after `today`; null when the window has passed. */
export function nextReminderDay(due: string, rule: ReminderRule, today: string, alreadyReminded: boolean): string | null {
  if (rule.frequency === 'once' && alreadyReminded) return null;
  const windowStart = addDays(due, -rule.daysBefore);
  const next = windowStart > today ? windowStart : today;
  return next <= due ? next : null;
}

/** After a reminder went out on `sentOn`, the next one (null: none more). */
export function reminderAfter(sentOn: string, due: string, frequency: ReminderFrequency): string | null {
  if (frequency === 'once') return null;
  const next = addDays(sentOn, frequency === 'daily' ? 1 : 7);
  return next <= due ? next : null;
}

/** The day the escalation is owed (null once it was sent). */
export function escalationDay(due: string, daysAfter: number, alreadyEscalated: boolean): string | null {
  return alreadyEscalated ? null : addDays(due, daysAfter);
}
