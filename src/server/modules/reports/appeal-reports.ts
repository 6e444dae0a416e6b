import { sql } from 'kysely';
import type { ReportRow } from '../../../shared/api/reports';
import { displayNameSql } from '../../shared/display-name';
import { applicationConditions, inPeriod, officeMonth, periodMonths } from './report-filter';
import type { ReportDefinition } from './report-definition';

// The two appeal reports: appeals received and decided each month, and the quality figure of the
// decisions themselves: of the recognition decisions each council and each officer took in the
// period, how many were appealed and how many were changed on appeal. Appeals are few next to
// applications (a share of decided ones), so both read their rows; the applications' filter and
// the reader's scope apply through the application appealed.

const num = (value: unknown): number => Number(value ?? 0);
const sum = (rows: ReportRow[], key: string) => rows.reduce((total, row) => total + num(row[key]), 0);
/** Changed on appeal per hundred decisions, one decimal; null when no decision was taken. */
const share = (changed: number, decisions: number): number | null => (decisions === 0 ? null : Math.round((changed * 1000) / decisions) / 10);

const APPEAL_MEASURES = ['received', 'late', 'upheld', 'changed', 'rejected_late'] as const;

export const appealsReceived: ReportDefinition = {
  byMonth: true,
  async run({ db, scope, filter }) {
    const where = applicationConditions(db, scope, filter);
    // received_on is the office day the letter came in: the period is compared as days.
    const { rows } = await sql<{ month: string; received: string; late: string; upheld: string; changed: string; rejected_late: string }>`
      select month, sum(received) as received, sum(late) as late, sum(upheld) as upheld, sum(changed) as changed, sum(rejected_late) as rejected_late from (
        select to_char(p.received_on, 'YYYY-MM') as month, count(*) as received, count(*) filter (where p.late) as late, 0 as upheld, 0 as changed, 0 as rejected_late
          from appeals p join applications a on a.id = p.application_id
          where p.received_on between ${filter.date_from}::date and ${filter.date_to}::date and ${where} group by 1
        union all
        select ${officeMonth(sql`p.decided_at`)}, 0, 0, count(*) filter (where p.outcome = 'upheld'), count(*) filter (where p.outcome = 'changed'), count(*) filter (where p.outcome = 'rejected_late')
          from appeals p join applications a on a.id = p.application_id
          where p.decided_at is not null and ${inPeriod(sql`p.decided_at`, filter)} and ${where} group by 1
      ) counted group by month order by month`.execute(db);
    const table: ReportRow[] = rows.map((row) => ({ month: row.month, ...Object.fromEntries(APPEAL_MEASURES.map((key) => [key, num(row[key])])) }));
    const months = periodMonths(filter);
    return {
      axis: 'month',
      labels: months,
      datasets: (['received', 'upheld', 'changed', 'rejected_late'] as const).map((key) => ({
        key,
        kind: 'measure' as const,
        data: months.map((month) => sum(table.filter((row) => row.month === month), key)),
      })),
      columns: [{ key: 'month', kind: 'month' }, ...APPEAL_MEASURES.map((key) => ({ key, kind: 'count' as const }))],
      rows: table,
      totals: Object.fromEntries(APPEAL_MEASURES.map((key) => [key, sum(table, key)])),
    };
  },
};

export const decisionsChangedOnAppeal: ReportDefinition = {
  byMonth: false,
  async run({ db, scope, filter }) {
    const where = applicationConditions(db, scope, filter);
    // The decisions taken in the period (approved; later superseded ones included: they were
    // taken), each with whether it was appealed and changed on appeal (by now).
    const taken = sql`
      select d.id, d.prepared_by_id, a.council_id,
             exists (select 1 from appeals p where p.decision_id = d.id) as appealed,
             exists (select 1 from appeals p where p.decision_id = d.id and p.outcome = 'changed') as changed
        from recognition_decisions d join applications a on a.id = d.application_id
       where d.approved_at is not null and ${inPeriod(sql`d.approved_at`, filter)} and ${where}`;
    const { rows } = await sql<{ council: number | null; officer: string | null; decisions: string; appealed: string; changed: string }>`
      with taken as (${taken})
      select t.council_id as council, null as officer, count(*) as decisions, count(*) filter (where t.appealed) as appealed, count(*) filter (where t.changed) as changed
        from taken t where t.council_id is not null group by t.council_id
      union all
      select null, ${displayNameSql('u')}, count(*), count(*) filter (where t.appealed), count(*) filter (where t.changed)
        from taken t join users u on u.id = t.prepared_by_id group by u.id, 2
      order by 1 nulls last, 2`.execute(db);
    const table: ReportRow[] = rows.map((row) => {
      const decisions = num(row.decisions);
      const changed = num(row.changed);
      return { council: row.council, officer: row.officer, decisions, appealed: num(row.appealed), changed, changed_share: share(changed, decisions) };
    });
    const labelled = table.map((row) => (row.council !== null ? `council:${row.council}` : `officer:${row.officer}`));
    const decisions = sum(table.filter((row) => row.council === null), 'decisions');
    const changed = sum(table.filter((row) => row.council === null), 'changed');
    return {
      axis: 'decider',
      labels: labelled,
      datasets: [{ key: 'changed_share', kind: 'measure' as const, data: table.map((row) => (row.changed_share === null ? null : Number(row.changed_share))) }],
      columns: [
        { key: 'council', kind: 'council' },
        { key: 'officer', kind: 'text' },
        { key: 'decisions', kind: 'count' },
        { key: 'appealed', kind: 'count' },
        { key: 'changed', kind: 'count' },
        { key: 'changed_share', kind: 'percent' },
      ],
      rows: table,
      // Every decision has its officer: the officers' rows add up to the whole.
      totals: { decisions, appealed: sum(table.filter((row) => row.council === null), 'appealed'), changed, changed_share: share(changed, decisions) },
    };
  },
};
