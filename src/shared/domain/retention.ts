import type { RetentionSettings } from '../api/settings';

// How long an application's personal data is kept (docs/operations.md, "Personal data"): the
// years of its service's own rule, else the general number, counted from the day it was closed
// (or decided, for one closed before closing was recorded). Decisions, issued documents and the
// register are never subject to it. The server's query and the screens both read these.

/** The years a closed application of this service keeps its applicant's personal data. */
export function retentionYears(rules: RetentionSettings, serviceType: number): number {
  return rules.service_years.find((rule) => rule.service_type === serviceType)?.years ?? rules.personal_data_years;
}

/** The last day personal data is kept: `years` after the calendar day it was closed (29 Feb → 28 Feb). */
export function keptUntil(closedOn: string, years: number): string {
  const [year, month, day] = closedOn.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year + years, month - 1, day));
  // 29 February of a year that has none rolls back to the 28th, not forward to 1 March.
  if (target.getUTCMonth() !== month - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/** A name as initials: "Valbona Qerimi" → "V. Q." (what an anonymised application still shows). */
export function initialsOf(name: string): string {
  const initials = name
    .split(/[\s-]+/u)
    .map((part) => part.match(/\p{L}/u)?.[0])
    .filter((letter): letter is string => letter !== undefined)
    .map((letter) => `${letter.toLocaleUpperCase()}.`);
  return initials.join(' ') || '—';
}
