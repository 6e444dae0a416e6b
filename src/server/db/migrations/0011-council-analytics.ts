import { sql, type Kysely } from 'kysely';

// Indexes of the council analytics, checked with EXPLAIN ANALYZE on the benchmark
// database (bench/council-analytics.ts, 1,000,000 applications). Only applications that reached
// a council matter, so each is partial and carries the columns its aggregation reads: the scans
// are index-only range scans over the period, never a pass over the whole table.
// One statement per call (PGlite's extended protocol).

const UP = [
  // Throughput: applications assigned to a council per month.
  sql`create index applications_council_assigned_idx on applications (assigned_at) include (council_id)
    where council_id is not null`,
  // Decisions per month, by outcome and field, and the review time (assigned_at → review_date).
  sql`create index applications_council_decided_idx on applications (review_date)
    include (council_id, council_outcome, academic_field_category, assigned_at)
    where council_id is not null and council_outcome is not null`,
  // Overdue reviews now: open reviews by due date.
  sql`create index applications_council_overdue_idx on applications (review_due_date) include (council_id)
    where council_id is not null and review_status in ('pending_review', 'in_review')`,
];

const DOWN = [
  sql`drop index applications_council_overdue_idx`,
  sql`drop index applications_council_decided_idx`,
  sql`drop index applications_council_assigned_idx`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
