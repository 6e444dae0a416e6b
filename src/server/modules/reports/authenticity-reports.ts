import { sql } from 'kysely';
import type { ReportRow } from '../../../shared/api/reports';
import { KOSOVO_TIME_ZONE } from '../../../shared/domain/deadline-dates';
import { applicationConditions, inPeriod } from './report-filter';
import type { ReportDefinition } from './report-definition';

// The two authenticity reports: confirmation requests sent in the period per country and
// institution (answered, each answer, no answer, the answer rate and the median days to the
// reply), and the watch list's hits: applications flagged in the period per watch-listed
// institution and category. Both are few next to applications and read their rows; the
// applications' filter and the reader's scope apply through the application.

const num = (value: unknown): number => Number(value ?? 0);
const sum = (rows: ReportRow[], key: string) => rows.reduce((total, row) => total + num(row[key]), 0);
/** Answered per hundred sent, one decimal; null when none was sent. */
const rate = (answered: number, sent: number): number | null => (sent === 0 ? null : Math.round((answered * 1000) / sent) / 10);

const REQUEST_COUNTS = ['sent', 'answered', 'confirmed', 'not_confirmed', 'no_such_record', 'no_answer', 'open'] as const;

export const confirmationRequests: ReportDefinition = {
  byMonth: false,
  async run({ db, scope, filter }) {
    const where = applicationConditions(db, scope, filter);
    const { rows } = await sql<Record<(typeof REQUEST_COUNTS)[number], string> & { country: string | null; institution: string; median_reply_days: string | null }>`
      select trim(i.country) as country, i.name_en as institution,
             count(*) as sent,
             count(*) filter (where r.state = 'answered') as answered,
             count(*) filter (where r.answer = 'confirmed') as confirmed,
             count(*) filter (where r.answer = 'not_confirmed') as not_confirmed,
             count(*) filter (where r.answer = 'no_such_record') as no_such_record,
             count(*) filter (where r.state = 'no_answer') as no_answer,
             count(*) filter (where r.state = 'sent') as open,
             percentile_cont(0.5) within group (order by (r.answered_on - (r.sent_at at time zone ${sql.lit(KOSOVO_TIME_ZONE)})::date))
               filter (where r.state = 'answered') as median_reply_days
        from confirmation_requests r
        join institutions i on i.id = r.institution_id
        join applications a on a.id = r.application_id
       where ${inPeriod(sql`r.sent_at`, filter)} and ${where}
       group by i.id, i.country, i.name_en
       order by trim(i.country), i.name_en`.execute(db);
    const table: ReportRow[] = rows.map((row) => {
      const counts = Object.fromEntries(REQUEST_COUNTS.map((key) => [key, num(row[key])]));
      return {
        country: row.country,
        institution: row.institution,
        ...counts,
        answer_rate: rate(counts.answered!, counts.sent!),
        median_reply_days: row.median_reply_days === null ? null : Math.round(Number(row.median_reply_days) * 10) / 10,
      };
    });
    const totals = Object.fromEntries(REQUEST_COUNTS.map((key) => [key, sum(table, key)]));
    return {
      axis: 'text',
      labels: table.map((row) => String(row.institution)),
      datasets: [{ key: 'answer_rate', kind: 'measure' as const, data: table.map((row) => (row.answer_rate === null ? null : Number(row.answer_rate))) }],
      columns: [
        { key: 'country', kind: 'country' },
        { key: 'institution', kind: 'text' },
        ...REQUEST_COUNTS.map((key) => ({ key, kind: 'count' as const })),
        { key: 'answer_rate', kind: 'percent' },
        { key: 'median_reply_days', kind: 'days' },
      ],
      rows: table,
      totals: { ...totals, answer_rate: rate(totals.answered!, totals.sent!) },
    };
  },
};

const WATCH_CATEGORY_COUNTS = ['unrecognised', 'diploma_mill', 'under_investigation'] as const;

export const watchListHits: ReportDefinition = {
  byMonth: false,
  async run({ db, scope, filter }) {
    const where = applicationConditions(db, scope, filter);
    const { rows } = await sql<Record<(typeof WATCH_CATEGORY_COUNTS)[number], string> & { country: string | null; institution: string; hits: string; by_similar_name: string }>`
      select trim(i.country) as country, i.name_en as institution, count(*) as hits,
             count(*) filter (where e.category = 'unrecognised') as unrecognised,
             count(*) filter (where e.category = 'diploma_mill') as diploma_mill,
             count(*) filter (where e.category = 'under_investigation') as under_investigation,
             count(*) filter (where f.matched_by = 'similar_name') as by_similar_name
        from application_watch_flags f
        join institution_watch_entries e on e.id = f.watch_entry_id
        join institutions i on i.id = f.institution_id
        join applications a on a.id = f.application_id
       where ${inPeriod(sql`f.flagged_at`, filter)} and ${where}
       group by i.id, i.country, i.name_en
       order by count(*) desc, i.name_en`.execute(db);
    const table: ReportRow[] = rows.map((row) => ({
      country: row.country,
      institution: row.institution,
      hits: num(row.hits),
      ...Object.fromEntries(WATCH_CATEGORY_COUNTS.map((key) => [key, num(row[key])])),
      by_similar_name: num(row.by_similar_name),
    }));
    return {
      axis: 'text',
      labels: table.map((row) => String(row.institution)),
      datasets: [{ key: 'hits', kind: 'measure' as const, data: table.map((row) => num(row.hits)) }],
      columns: [
        { key: 'country', kind: 'country' },
        { key: 'institution', kind: 'text' },
        { key: 'hits', kind: 'count' },
        ...WATCH_CATEGORY_COUNTS.map((key) => ({ key, kind: 'count' as const })),
        { key: 'by_similar_name', kind: 'count' },
      ],
      rows: table,
      totals: Object.fromEntries(['hits', ...WATCH_CATEGORY_COUNTS, 'by_similar_name'].map((key) => [key, sum(table, key)])),
    };
  },
};
