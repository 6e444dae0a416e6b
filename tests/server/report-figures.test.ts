import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_KEYS, type ReportKey } from '../../src/shared/api/reports';
import { generateApplications } from '../../src/server/db/application-generator';
import { insertApplications, loadServiceContext } from '../../src/server/db/application-loader';
import { resolveFilter } from '../../src/server/modules/reports/report-filter';
import { REPORTS } from '../../src/server/modules/reports/report-queries';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The prepared report figures (migration 0036's triggers) against the same reports counted from
// the rows themselves, over generated applications on top of the demo data, after the kinds of
// change that move figures after the fact: late corrections (a decision's outcome and day, a
// payment's amount, a refund, a revoked document, a back-dated history row, a deleted one),
// status moves, deadlines completed and paused, deleted applications and anonymised ones.

let server: ServerFixture;
const NOW = new Date('2026-11-20T10:00:00Z');
const TODAY = '2026-11-20';

async function compareAll(label: string): Promise<number> {
  const { db } = server;
  const councils = await db.selectFrom('councils').select('id').orderBy('id').execute();
  const filters = [
    {},
    { date_from: '2025-01-01', date_to: '2026-11-20' },
    { date_from: '2026-03-15', date_to: '2026-08-09', service_type: 1 },
    { date_from: '2025-06-01', date_to: '2026-11-20', status: ['approved', 'rejected', 'processing'] as const },
    { date_from: '2025-06-01', date_to: '2026-11-20', council: councils[0]!.id },
  ];
  let compared = 0;
  for (const key of REPORT_KEYS as readonly ReportKey[]) {
    const groupings = key === 'applications' ? (['service', 'status', 'country'] as const) : ([undefined] as const);
    for (const filter of filters) {
      for (const group_by of groupings) {
        const resolved = resolveFilter(key, { ...filter, status: filter.status ? [...filter.status] : undefined, group_by }, NOW);
        const context = { db, scope: { kind: 'all' } as const, filter: resolved, today: TODAY };
        const prepared = await REPORTS[key].run(context);
        const counted = await REPORTS[key].run({ ...context, fromRows: true });
        expect(prepared, `${label}: ${key} ${JSON.stringify(resolved)}`).toEqual(counted);
        compared += counted.rows.length;
      }
    }
  }
  return compared;
}

beforeAll(async () => {
  server = await createServerFixture();
  const { db } = server;
  const { serviceIds, fees, policies } = await loadServiceContext(db);
  const officers = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('username', 'in', ['officer', 'admin']).execute();
  const councils = await db.selectFrom('councils').select(['id', 'academic_field_categories']).where('active', '=', true).execute();
  // The demo data was generated with the same references: these get their own.
  const generated = [...generateApplications(600, { seed: 34, now: NOW, policies })].map((application) => ({ ...application, reference: `T${application.reference}` }));
  await db.transaction().execute((trx) =>
    insertApplications(trx, generated, {
      serviceIds,
      fees,
      officers: officers.map((o) => ({ id: o.id, name: `${o.first_name} ${o.last_name}` })),
      councils: councils.map((c) => ({ id: c.id, fields: c.academic_field_categories })),
    }),
  );
  // Deadlines: one per application, due 60 days after submission; completed when it was closed.
  await sql`
    insert into application_deadlines (application_id, configuration_id, deadline_type, days, working_days, started_at, start_date, due_date, completed_at)
    select a.id, c.id, c.deadline_type, 60, false, a.submitted_at, (a.submitted_at at time zone 'Europe/Belgrade')::date,
      (a.submitted_at at time zone 'Europe/Belgrade')::date + 60, a.closed_at
    from applications a cross join lateral (select id, deadline_type from deadline_configurations order by id limit 1) c
    where not exists (select 1 from application_deadlines d where d.application_id = a.id)`.execute(db);
});
afterAll(async () => server?.close());

describe('prepared report figures', () => {
  it('equal the figures counted from the rows, as loaded', async () => {
    expect(await compareAll('loaded')).toBeGreaterThan(200);
  });

  it('follow late corrections, status moves, deletions and anonymisation, before and after compaction', async () => {
    const { db } = server;
    // Decisions corrected: outcome flipped and the day moved back a month.
    await sql`update applications set decision_outcome = case decision_outcome when 'approved' then 'rejected' else 'approved' end,
      decided_at = decided_at - interval '31 days' where id in (select id from applications where decided_at is not null order by id desc limit 40)`.execute(db);
    // Status moves (the current status is a filter and a grouping) and a council changed.
    await sql`update applications set status = 'processing' where id in (select id from applications where status = 'submitted' order by id limit 30)`.execute(db);
    await sql`update applications set council_id = (select min(id) from councils) where id in (select id from applications order by id desc limit 25)`.execute(db);
    // Payments corrected, paid later, refunded, one deleted with its refunds.
    await sql`update application_payments set amount = amount + 7.35, paid_at = paid_at + interval '20 days'
      where id in (select id from application_payments where paid_at is not null order by id desc limit 30)`.execute(db);
    await sql`insert into payment_refunds (payment_id, amount, reason, created_at)
      select id, amount / 2, 'correction', paid_at + interval '3 days' from application_payments where paid_at is not null order by id desc limit 20`.execute(db);
    await sql`delete from application_payments where id = (select p.id from application_payments p join payment_refunds r on r.payment_id = p.id order by p.id desc limit 1)`.execute(db);
    // Documents revoked late.
    await sql`update issued_documents set revoked_at = issued_at + interval '40 days', revoked_reason = 'correction'
      where id in (select id from issued_documents where revoked_at is null order by id desc limit 15)`.execute(db);
    // Deadlines completed, paused, moved.
    await sql`update application_deadlines set completed_at = started_at + interval '75 days' where id in (select id from application_deadlines where completed_at is null order by id limit 40)`.execute(db);
    await sql`update application_deadlines set paused_since = started_at + interval '5 days' where id in (select id from application_deadlines where completed_at is null order by id desc limit 20)`.execute(db);
    await sql`update application_deadlines set due_date = due_date + 30 where id in (select id from application_deadlines order by id desc limit 20)`.execute(db);
    // History: a change recorded late with its real (earlier) time, and a wrong one removed.
    await sql`insert into application_history (application_id, action, from_status, to_status, created_at)
      select h.application_id, 'update_status', h.to_status, 'in_review', h.created_at + interval '1 hour'
      from application_history h where h.to_status = 'submitted' order by h.id desc limit 30`.execute(db);
    await sql`delete from application_history where id in (select id from application_history where to_status = 'processing' order by id desc limit 10)`.execute(db);
    // Applications deleted (with everything that hangs off them) and anonymised (personal fields blanked).
    await sql`delete from applications where id in (
      select a.id from applications a where not exists (select 1 from issued_documents i where i.application_id = a.id)
        and exists (select 1 from application_payments p where p.application_id = a.id)
      order by a.id desc limit 25)`.execute(db);
    await sql`update applications set applicant_name = 'Anonymised', personal_id = null, institution_name = null
      where id in (select id from applications order by id limit 40)`.execute(db);

    expect(await compareAll('corrected')).toBeGreaterThan(200);
    await sql`select report_compact_figures()`.execute(db);
    const unfolded = await db.selectFrom('report_application_days').select((eb) => eb.fn.countAll<string>().as('n')).where('folded', '=', false).executeTakeFirstOrThrow();
    expect(Number(unfolded.n)).toBe(0);
    expect(await compareAll('compacted')).toBeGreaterThan(200);
  });
});
