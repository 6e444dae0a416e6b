import { addDays, isWeekend } from './deadline-dates';

// The last day of a decision's appeal period: the period counts calendar days after the decision's
// day (an appeal "within 15 days of the decision"); when that day falls on a Saturday, Sunday, a
// public holiday or a day the office is closed, the period ends on the next day the office is open,
// so an applicant never loses a day because no one could receive the appeal.

export function appealLastDay(decisionDay: string, periodDays: number, closedDays: ReadonlySet<string>): string {
  let last = addDays(decisionDay, periodDays);
  while (isWeekend(last) || closedDays.has(last)) last = addDays(last, 1);
  return last;
}
