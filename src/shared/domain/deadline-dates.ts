// Calendar dates ('YYYY-MM-DD') as the deadline clock counts them: whole days in Kosovo's time
// zone, so an action at 00:30 local time on the 5th (23:30 UTC on the 4th) starts the clock on the 5th.

/** Kosovo keeps Central European time; the IANA database files it under Belgrade. */
export const KOSOVO_TIME_ZONE = 'Europe/Belgrade';

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a calendar date. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY);
}

export function dateOfDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Saturday or Sunday. */
export function isWeekend(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

const kosovoDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: KOSOVO_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in Kosovo at an instant. */
export function kosovoDate(instant: Date): string {
  const parts = Object.fromEntries(kosovoDateFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
