import { ACCREDITING_STATUSES, type AccreditationAnswer, type AccreditationPeriodStatus } from '../api/authenticity';

// "Was the institution accredited when this diploma was issued?", answered by the dates of its
// accreditation periods. A period runs from valid_from to valid_to, both days included (valid_to
// null: it still runs). Where periods overlap (a renewal decided before the old one ran out, a
// suspension inside an accreditation) the one that started last says how things stood that day.

export interface DatedPeriod {
  valid_from: string;
  valid_to: string | null;
  status: AccreditationPeriodStatus;
}

/** The period that says how the institution stood on `day` (YYYY-MM-DD), or undefined when none covers it. */
export function periodOn<Period extends DatedPeriod>(periods: readonly Period[], day: string): Period | undefined {
  let found: Period | undefined;
  for (const period of periods) {
    if (period.valid_from > day || (period.valid_to !== null && period.valid_to < day)) continue;
    if (!found || period.valid_from >= found.valid_from) found = period;
  }
  return found;
}

export function accreditationAnswer(period: DatedPeriod | undefined): AccreditationAnswer {
  if (!period) return 'no_record';
  return ACCREDITING_STATUSES.includes(period.status) ? 'accredited' : 'not_accredited';
}
