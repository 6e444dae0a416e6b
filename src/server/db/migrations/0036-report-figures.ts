import { sql, type Kysely } from 'kysely';

// Prepared report figures. The reports (modules/reports) answered by aggregating every application,
// payment, document, deadline and history row of the period on each request: seconds to half a
// minute on a million applications. The figures are now kept as the work happens, by triggers on
// the tables they come from, so every write path (the workflow, intake, payments, the loader, a
// late correction by hand, an anonymisation, a deletion) keeps them and they commit or roll back
// with the change itself.
//
// - report_application_days, report_fee_days, report_certificate_days, report_deadline_days,
//   report_deadline_running: per office day (Europe/Belgrade) and per what the reports filter and
//   group by (service type, CURRENT status, council, the institution's country; document kind,
//   deadline type), the counts and sums of that day. They are delta tables: a trigger only
//   appends rows (+1 for the new state, -1 for the old one), so two transactions touching the same
//   day and dimensions never wait for each other or deadlock on a shared row; report_compact_figures()
//   folds the new rows (folded = false) into one row per key now and then (reports sum the rows, so
//   it changes no figure).
// - report_stays: one row per finished stay in a status (entered with a history row with a
//   to_status, left with the next one), with its length in days and the application's dimensions;
//   report_stay_days counts them per day left, stage and length bucket (a logarithmic bucket of
//   the length), so a percentile is found by counting buckets and then reading one bucket's stays
//   in length order, never by sorting all of them.
// Which dimensions an application carries is its current row: when its status (or service,
// council, country) changes, its figures move from the old key to the new one in the same trigger.
// A deleted application takes its figures away in a BEFORE DELETE trigger (its children's own
// triggers then find no application and do nothing). The office time zone is this migration's own
// copy of shared/domain/deadline-dates.ts's (a migration never changes).

const ZONE = sql.lit('Europe/Belgrade');

const DIMENSIONS = sql`service_type integer not null, status text not null, council_id integer`;

const UP = [
  sql`create function report_office_day(moment timestamptz) returns date language sql immutable parallel safe
    as $$ select (moment at time zone ${ZONE})::date $$`,
  // Lengths from a minute to years in buckets 1/8 of e apart (about 13 %): ~110 buckets.
  sql`create function report_stay_bucket(days numeric) returns integer language sql immutable parallel safe
    as $$ select floor(ln(1 + greatest(days, 0)::float8 * 1440) * 8)::integer $$`,

  sql`create table report_application_days (day date not null, ${DIMENSIONS}, country text,
    received integer not null, decided integer not null, approved integer not null, rejected integer not null,
    folded boolean not null default false)`,
  sql`create index report_application_days_day_idx on report_application_days (day)`,
  sql`create index report_application_days_new_idx on report_application_days (day) where not folded`,
  sql`create table report_fee_days (day date not null, ${DIMENSIONS},
    payments integer not null, collected_cents bigint not null, refunds integer not null, refunded_cents bigint not null,
    folded boolean not null default false)`,
  sql`create index report_fee_days_day_idx on report_fee_days (day)`,
  sql`create index report_fee_days_new_idx on report_fee_days (day) where not folded`,
  sql`create table report_certificate_days (day date not null, kind text not null, ${DIMENSIONS},
    issued integer not null, revoked integer not null,
    folded boolean not null default false)`,
  sql`create index report_certificate_days_day_idx on report_certificate_days (day)`,
  sql`create index report_certificate_days_new_idx on report_certificate_days (day) where not folded`,
  // Completed deadlines by the day they were completed, on time (completed on or before the due day) or late.
  sql`create table report_deadline_days (day date not null, deadline_type text not null, ${DIMENSIONS},
    on_time integer not null, late integer not null,
    folded boolean not null default false)`,
  sql`create index report_deadline_days_day_idx on report_deadline_days (day)`,
  sql`create index report_deadline_days_new_idx on report_deadline_days (day) where not folded`,
  // Deadlines not completed, by their due day: running, or paused.
  sql`create table report_deadline_running (due_date date not null, deadline_type text not null, ${DIMENSIONS},
    running integer not null, paused integer not null,
    folded boolean not null default false)`,
  sql`create index report_deadline_running_due_idx on report_deadline_running (due_date)`,
  sql`create index report_deadline_running_new_idx on report_deadline_running (due_date) where not folded`,
  sql`create table report_stays (
    history_id bigint not null, application_id integer not null, stage text not null,
    entered_at timestamptz not null, left_at timestamptz not null, days numeric not null, bucket integer not null,
    ${DIMENSIONS})`,
  sql`create index report_stays_application_idx on report_stays (application_id)`,
  sql`create index report_stays_bucket_idx on report_stays (stage, bucket, days) include (left_at)`,
  sql`create index report_stays_left_idx on report_stays (left_at)`,
  sql`create table report_stay_days (day date not null, stage text not null, bucket integer not null,
    stays integer not null, days_sum numeric not null,
    folded boolean not null default false)`,
  sql`create index report_stay_days_day_idx on report_stay_days (day)`,
  sql`create index report_stay_days_new_idx on report_stay_days (day) where not folded`,

  // ---- What one row adds to the figures (sign -1 takes it away), under its application's dimensions ----
  // Two rows of one source are a VALUES list, not a UNION ALL: PostgreSQL 15 inlines these functions
  // into a lateral join, and a UNION ALL over the whole-row argument fails to plan there.
  sql`create function report_application_rows(a applications, sign integer)
    returns table (day date, service_type integer, status text, council_id integer, country text, received integer, decided integer, approved integer, rejected integer)
    language sql stable as $$
      select v.day, a.service_type, a.status, a.council_id, a.institution_country::text, v.received, v.decided, v.approved, v.rejected
      from (values
        (report_office_day(a.submitted_at), sign, 0, 0, 0),
        (report_office_day(a.decided_at), 0, sign,
          case when a.decision_outcome = 'approved' then sign else 0 end, case when a.decision_outcome = 'rejected' then sign else 0 end)
      ) v (day, received, decided, approved, rejected)
      where v.day is not null
    $$`,
  sql`create function report_payment_rows(p application_payments, a applications, sign integer)
    returns table (day date, service_type integer, status text, council_id integer, payments integer, collected_cents bigint, refunds integer, refunded_cents bigint)
    language sql stable as $$
      select report_office_day(p.paid_at), a.service_type, a.status, a.council_id, sign, sign * round(p.amount * 100)::bigint, 0, 0::bigint
      where p.paid_at is not null and p.amount is not null
    $$`,
  sql`create function report_refund_rows(r payment_refunds, a applications, sign integer)
    returns table (day date, service_type integer, status text, council_id integer, payments integer, collected_cents bigint, refunds integer, refunded_cents bigint)
    language sql stable as $$
      select report_office_day(r.created_at), a.service_type, a.status, a.council_id, 0, 0::bigint, sign, sign * round(r.amount * 100)::bigint
    $$`,
  sql`create function report_document_rows(i issued_documents, a applications, sign integer)
    returns table (day date, kind text, service_type integer, status text, council_id integer, issued integer, revoked integer)
    language sql stable as $$
      select v.day, i.kind, a.service_type, a.status, a.council_id, v.issued, v.revoked
      from (values (report_office_day(i.issued_at), sign, 0), (report_office_day(i.revoked_at), 0, sign)) v (day, issued, revoked)
      where v.day is not null
    $$`,
  sql`create function report_deadline_done_rows(d application_deadlines, a applications, sign integer)
    returns table (day date, deadline_type text, service_type integer, status text, council_id integer, on_time integer, late integer)
    language sql stable as $$
      select report_office_day(d.completed_at), d.deadline_type, a.service_type, a.status, a.council_id,
        case when report_office_day(d.completed_at) <= d.due_date then sign else 0 end,
        case when report_office_day(d.completed_at) > d.due_date then sign else 0 end
      where d.completed_at is not null
    $$`,
  sql`create function report_deadline_running_rows(d application_deadlines, a applications, sign integer)
    returns table (due_date date, deadline_type text, service_type integer, status text, council_id integer, running integer, paused integer)
    language sql stable as $$
      select d.due_date, d.deadline_type, a.service_type, a.status, a.council_id,
        case when d.paused_since is null then sign else 0 end, case when d.paused_since is not null then sign else 0 end
      where d.completed_at is null
    $$`,
  // The stays of some applications (all of them when ids is null), as the history gives them now.
  sql`create function report_stays_of(ids integer[])
    returns table (history_id bigint, application_id integer, stage text, entered_at timestamptz, left_at timestamptz, days numeric, bucket integer,
      service_type integer, status text, council_id integer)
    language sql stable as $$
      select c.id, c.application_id, c.to_status, c.created_at, c.left_at, c.days, report_stay_bucket(c.days), a.service_type, a.status, a.council_id
      from (
        select h.id, h.application_id, h.to_status, h.created_at, h.left_at, extract(epoch from h.left_at - h.created_at) / 86400 as days
        from (
          select h.id, h.application_id, h.to_status, h.created_at,
            lead(h.created_at) over (partition by h.application_id order by h.created_at, h.id) as left_at
          from application_history h
          where h.to_status is not null and (ids is null or h.application_id = any (ids))
        ) h
        where h.left_at is not null
      ) c join applications a on a.id = c.application_id
    $$`,
  // Replaces the stays of some applications with what their history gives now; the day counts
  // receive only the difference.
  sql`create function report_refresh_stays(ids integer[]) returns void language plpgsql as $$
    begin
      insert into report_stay_days (day, stage, bucket, stays, days_sum)
      select report_office_day(left_at), stage, bucket, sum(n), sum(d) from (
        select s.left_at, s.stage, s.bucket, -1 as n, -s.days as d from report_stays s where s.application_id = any (ids)
        union all
        select f.left_at, f.stage, f.bucket, 1, f.days from report_stays_of(ids) f
      ) changed group by 1, 2, 3 having sum(n) <> 0 or sum(d) <> 0;
      delete from report_stays where application_id = any (ids);
      insert into report_stays select * from report_stays_of(ids);
    end $$`,

  // ---- The triggers ----
  sql`create function report_application_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into report_application_days select * from report_application_rows(new, 1);
        return null;
      end if;
      if tg_op = 'DELETE' then
        insert into report_application_days select * from report_application_rows(old, -1);
        insert into report_fee_days
          select f.* from application_payments p cross join lateral report_payment_rows(p, old, -1) f where p.application_id = old.id
          union all
          select f.* from payment_refunds r join application_payments p on p.id = r.payment_id cross join lateral report_refund_rows(r, old, -1) f
          where p.application_id = old.id;
        insert into report_certificate_days
          select f.* from issued_documents i cross join lateral report_document_rows(i, old, -1) f where i.application_id = old.id;
        insert into report_deadline_days
          select f.* from application_deadlines d cross join lateral report_deadline_done_rows(d, old, -1) f where d.application_id = old.id;
        insert into report_deadline_running
          select f.* from application_deadlines d cross join lateral report_deadline_running_rows(d, old, -1) f where d.application_id = old.id;
        insert into report_stay_days (day, stage, bucket, stays, days_sum)
          select report_office_day(s.left_at), s.stage, s.bucket, -count(*), -sum(s.days) from report_stays s where s.application_id = old.id group by 1, 2, 3;
        delete from report_stays where application_id = old.id;
        return old;
      end if;
      if (old.submitted_at, old.decided_at, old.decision_outcome, old.service_type, old.status, old.council_id, old.institution_country)
          is distinct from (new.submitted_at, new.decided_at, new.decision_outcome, new.service_type, new.status, new.council_id, new.institution_country) then
        insert into report_application_days
          select * from report_application_rows(old, -1) union all select * from report_application_rows(new, 1);
      end if;
      if (old.service_type, old.status, old.council_id) is distinct from (new.service_type, new.status, new.council_id) then
        insert into report_fee_days
          select f.* from application_payments p cross join lateral report_payment_rows(p, old, -1) f where p.application_id = new.id
          union all
          select f.* from application_payments p cross join lateral report_payment_rows(p, new, 1) f where p.application_id = new.id
          union all
          select f.* from payment_refunds r join application_payments p on p.id = r.payment_id cross join lateral report_refund_rows(r, old, -1) f
          where p.application_id = new.id
          union all
          select f.* from payment_refunds r join application_payments p on p.id = r.payment_id cross join lateral report_refund_rows(r, new, 1) f
          where p.application_id = new.id;
        insert into report_certificate_days
          select f.* from issued_documents i cross join lateral report_document_rows(i, old, -1) f where i.application_id = new.id
          union all
          select f.* from issued_documents i cross join lateral report_document_rows(i, new, 1) f where i.application_id = new.id;
        insert into report_deadline_days
          select f.* from application_deadlines d cross join lateral report_deadline_done_rows(d, old, -1) f where d.application_id = new.id
          union all
          select f.* from application_deadlines d cross join lateral report_deadline_done_rows(d, new, 1) f where d.application_id = new.id;
        insert into report_deadline_running
          select f.* from application_deadlines d cross join lateral report_deadline_running_rows(d, old, -1) f where d.application_id = new.id
          union all
          select f.* from application_deadlines d cross join lateral report_deadline_running_rows(d, new, 1) f where d.application_id = new.id;
        update report_stays set service_type = new.service_type, status = new.status, council_id = new.council_id where application_id = new.id;
      end if;
      return null;
    end $$`,
  sql`create trigger report_application_changed_trg after insert or update on applications
    for each row execute function report_application_changed()`,
  sql`create trigger report_application_deleted_trg before delete on applications
    for each row execute function report_application_changed()`,

  // A child row of an application that is being deleted finds no application: the application's
  // BEFORE DELETE trigger has already taken the child's figures away.
  sql`create function report_payment_changed() returns trigger language plpgsql as $$
    declare a applications;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        select * into a from applications where id = old.application_id;
        if found then
          insert into report_fee_days select * from report_payment_rows(old, a, -1);
          -- A deleted payment takes its refunds with it (their own trigger no longer finds the payment).
          if tg_op = 'DELETE' then
            insert into report_fee_days select f.* from payment_refunds r cross join lateral report_refund_rows(r, a, -1) f where r.payment_id = old.id;
          end if;
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select * into a from applications where id = new.application_id;
        if found then insert into report_fee_days select * from report_payment_rows(new, a, 1); end if;
      end if;
      return old;
    end $$`,
  sql`create trigger report_payment_changed_trg after insert or update on application_payments
    for each row execute function report_payment_changed()`,
  sql`create trigger report_payment_deleted_trg before delete on application_payments
    for each row execute function report_payment_changed()`,
  sql`create function report_refund_changed() returns trigger language plpgsql as $$
    declare a applications;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        select a2.* into a from applications a2 join application_payments p on p.application_id = a2.id where p.id = old.payment_id;
        if found then insert into report_fee_days select * from report_refund_rows(old, a, -1); end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select a2.* into a from applications a2 join application_payments p on p.application_id = a2.id where p.id = new.payment_id;
        if found then insert into report_fee_days select * from report_refund_rows(new, a, 1); end if;
      end if;
      return null;
    end $$`,
  sql`create trigger report_refund_changed_trg after insert or update or delete on payment_refunds
    for each row execute function report_refund_changed()`,
  sql`create function report_document_changed() returns trigger language plpgsql as $$
    declare a applications;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        select * into a from applications where id = old.application_id;
        if found then insert into report_certificate_days select * from report_document_rows(old, a, -1); end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select * into a from applications where id = new.application_id;
        if found then insert into report_certificate_days select * from report_document_rows(new, a, 1); end if;
      end if;
      return null;
    end $$`,
  sql`create trigger report_document_changed_trg after insert or update or delete on issued_documents
    for each row execute function report_document_changed()`,
  sql`create function report_deadline_changed() returns trigger language plpgsql as $$
    declare a applications;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        select * into a from applications where id = old.application_id;
        if found then
          insert into report_deadline_days select * from report_deadline_done_rows(old, a, -1);
          insert into report_deadline_running select * from report_deadline_running_rows(old, a, -1);
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select * into a from applications where id = new.application_id;
        if found then
          insert into report_deadline_days select * from report_deadline_done_rows(new, a, 1);
          insert into report_deadline_running select * from report_deadline_running_rows(new, a, 1);
        end if;
      end if;
      return null;
    end $$`,
  sql`create trigger report_deadline_changed_trg after insert or update or delete on application_deadlines
    for each row execute function report_deadline_changed()`,
  // Once per statement over the applications whose status history it touched (the loader inserts a
  // thousand applications' histories in one statement). Applications being deleted are left out:
  // their stays went in their BEFORE DELETE trigger.
  sql`create function report_history_inserted() returns trigger language plpgsql as $$
    declare ids integer[];
    begin
      select array_agg(distinct n.application_id) into ids from changed_rows n
      where n.to_status is not null and exists (select 1 from applications a where a.id = n.application_id);
      if ids is not null then perform report_refresh_stays(ids); end if;
      return null;
    end $$`,
  sql`create trigger report_history_inserted_trg after insert on application_history
    referencing new table as changed_rows for each statement execute function report_history_inserted()`,
  sql`create trigger report_history_deleted_trg after delete on application_history
    referencing old table as changed_rows for each statement execute function report_history_inserted()`,
  sql`create function report_history_updated() returns trigger language plpgsql as $$
    declare ids integer[];
    begin
      select array_agg(distinct n.application_id) into ids from (select * from old_rows union all select * from new_rows) n
      where exists (select 1 from applications a where a.id = n.application_id);
      if ids is not null then perform report_refresh_stays(ids); end if;
      return null;
    end $$`,
  sql`create trigger report_history_updated_trg after update on application_history
    referencing old table as old_rows new table as new_rows for each statement execute function report_history_updated()`,

  // Folds the rows written since the last run into one row per key (keys that came to nothing go).
  // Only keys with new rows are touched, found through the partial index on the new rows; a key
  // is compared as one row with its nulls made values, so the join can hash it. Safe beside
  // writers and beside another instance folding at the same time: each run moves exactly the rows
  // it deleted.
  sql`create function report_compact_figures() returns void language plpgsql as $$
    begin
      with touched as (select distinct day, service_type, status, council_id, country from report_application_days where not folded),
      gone as (delete from report_application_days f using touched t where (f.day, f.service_type, f.status, coalesce(f.council_id, 0), coalesce(f.country, '')) = (t.day, t.service_type, t.status, coalesce(t.council_id, 0), coalesce(t.country, '')) returning f.*)
      insert into report_application_days (day, service_type, status, council_id, country, received, decided, approved, rejected, folded)
        select day, service_type, status, council_id, country, sum(received), sum(decided), sum(approved), sum(rejected), true from gone group by day, service_type, status, council_id, country
        having sum(received) <> 0 or sum(decided) <> 0 or sum(approved) <> 0 or sum(rejected) <> 0;
      with touched as (select distinct day, service_type, status, council_id from report_fee_days where not folded),
      gone as (delete from report_fee_days f using touched t where (f.day, f.service_type, f.status, coalesce(f.council_id, 0)) = (t.day, t.service_type, t.status, coalesce(t.council_id, 0)) returning f.*)
      insert into report_fee_days (day, service_type, status, council_id, payments, collected_cents, refunds, refunded_cents, folded)
        select day, service_type, status, council_id, sum(payments), sum(collected_cents), sum(refunds), sum(refunded_cents), true from gone group by day, service_type, status, council_id
        having sum(payments) <> 0 or sum(collected_cents) <> 0 or sum(refunds) <> 0 or sum(refunded_cents) <> 0;
      with touched as (select distinct day, kind, service_type, status, council_id from report_certificate_days where not folded),
      gone as (delete from report_certificate_days f using touched t where (f.day, f.kind, f.service_type, f.status, coalesce(f.council_id, 0)) = (t.day, t.kind, t.service_type, t.status, coalesce(t.council_id, 0)) returning f.*)
      insert into report_certificate_days (day, kind, service_type, status, council_id, issued, revoked, folded)
        select day, kind, service_type, status, council_id, sum(issued), sum(revoked), true from gone group by day, kind, service_type, status, council_id
        having sum(issued) <> 0 or sum(revoked) <> 0;
      with touched as (select distinct day, deadline_type, service_type, status, council_id from report_deadline_days where not folded),
      gone as (delete from report_deadline_days f using touched t where (f.day, f.deadline_type, f.service_type, f.status, coalesce(f.council_id, 0)) = (t.day, t.deadline_type, t.service_type, t.status, coalesce(t.council_id, 0)) returning f.*)
      insert into report_deadline_days (day, deadline_type, service_type, status, council_id, on_time, late, folded)
        select day, deadline_type, service_type, status, council_id, sum(on_time), sum(late), true from gone group by day, deadline_type, service_type, status, council_id
        having sum(on_time) <> 0 or sum(late) <> 0;
      with touched as (select distinct due_date, deadline_type, service_type, status, council_id from report_deadline_running where not folded),
      gone as (delete from report_deadline_running f using touched t where (f.due_date, f.deadline_type, f.service_type, f.status, coalesce(f.council_id, 0)) = (t.due_date, t.deadline_type, t.service_type, t.status, coalesce(t.council_id, 0)) returning f.*)
      insert into report_deadline_running (due_date, deadline_type, service_type, status, council_id, running, paused, folded)
        select due_date, deadline_type, service_type, status, council_id, sum(running), sum(paused), true from gone group by due_date, deadline_type, service_type, status, council_id
        having sum(running) <> 0 or sum(paused) <> 0;
      with touched as (select distinct day, stage, bucket from report_stay_days where not folded),
      gone as (delete from report_stay_days f using touched t where (f.day, f.stage, f.bucket) = (t.day, t.stage, t.bucket) returning f.*)
      insert into report_stay_days (day, stage, bucket, stays, days_sum, folded)
        select day, stage, bucket, sum(stays), sum(days_sum), true from gone group by day, stage, bucket
        having sum(stays) <> 0 or sum(days_sum) <> 0;
    end $$`,

  // ---- The figures of what is there already, one folded row per key ----
  sql`insert into report_application_days (day, service_type, status, council_id, country, received, decided, approved, rejected, folded)
    select day, service_type, status, council_id, country, sum(received), sum(decided), sum(approved), sum(rejected), true from (
      select f.* from applications a cross join lateral report_application_rows(a, 1) f
    ) f group by day, service_type, status, council_id, country`,
  sql`insert into report_fee_days (day, service_type, status, council_id, payments, collected_cents, refunds, refunded_cents, folded)
    select day, service_type, status, council_id, sum(payments), sum(collected_cents), sum(refunds), sum(refunded_cents), true from (
      select f.* from application_payments p join applications a on a.id = p.application_id cross join lateral report_payment_rows(p, a, 1) f
      union all
      select f.* from payment_refunds r join application_payments p on p.id = r.payment_id join applications a on a.id = p.application_id
        cross join lateral report_refund_rows(r, a, 1) f
    ) f group by day, service_type, status, council_id`,
  sql`insert into report_certificate_days (day, kind, service_type, status, council_id, issued, revoked, folded)
    select day, kind, service_type, status, council_id, sum(issued), sum(revoked), true from (
      select f.* from issued_documents i join applications a on a.id = i.application_id cross join lateral report_document_rows(i, a, 1) f
    ) f group by day, kind, service_type, status, council_id`,
  sql`insert into report_deadline_days (day, deadline_type, service_type, status, council_id, on_time, late, folded)
    select day, deadline_type, service_type, status, council_id, sum(on_time), sum(late), true from (
      select f.* from application_deadlines d join applications a on a.id = d.application_id cross join lateral report_deadline_done_rows(d, a, 1) f
    ) f group by day, deadline_type, service_type, status, council_id`,
  sql`insert into report_deadline_running (due_date, deadline_type, service_type, status, council_id, running, paused, folded)
    select due_date, deadline_type, service_type, status, council_id, sum(running), sum(paused), true from (
      select f.* from application_deadlines d join applications a on a.id = d.application_id cross join lateral report_deadline_running_rows(d, a, 1) f
    ) f group by due_date, deadline_type, service_type, status, council_id`,
  sql`insert into report_stays select * from report_stays_of(null)`,
  sql`insert into report_stay_days (day, stage, bucket, stays, days_sum, folded) select report_office_day(left_at), stage, bucket, count(*), sum(days), true from report_stays group by 1, 2, 3`,
];

const DOWN = [
  sql`drop trigger report_history_updated_trg on application_history`,
  sql`drop trigger report_history_deleted_trg on application_history`,
  sql`drop trigger report_history_inserted_trg on application_history`,
  sql`drop trigger report_deadline_changed_trg on application_deadlines`,
  sql`drop trigger report_document_changed_trg on issued_documents`,
  sql`drop trigger report_refund_changed_trg on payment_refunds`,
  sql`drop trigger report_payment_deleted_trg on application_payments`,
  sql`drop trigger report_payment_changed_trg on application_payments`,
  sql`drop trigger report_application_deleted_trg on applications`,
  sql`drop trigger report_application_changed_trg on applications`,
  sql`drop function report_compact_figures()`,
  sql`drop function report_history_updated()`,
  sql`drop function report_history_inserted()`,
  sql`drop function report_deadline_changed()`,
  sql`drop function report_document_changed()`,
  sql`drop function report_refund_changed()`,
  sql`drop function report_payment_changed()`,
  sql`drop function report_application_changed()`,
  sql`drop function report_refresh_stays(integer[])`,
  sql`drop function report_stays_of(integer[])`,
  sql`drop function report_deadline_running_rows(application_deadlines, applications, integer)`,
  sql`drop function report_deadline_done_rows(application_deadlines, applications, integer)`,
  sql`drop function report_document_rows(issued_documents, applications, integer)`,
  sql`drop function report_refund_rows(payment_refunds, applications, integer)`,
  sql`drop function report_payment_rows(application_payments, applications, integer)`,
  sql`drop function report_application_rows(applications, integer)`,
  sql`drop table report_stay_days, report_stays, report_deadline_running, report_deadline_days, report_certificate_days, report_fee_days, report_application_days`,
  sql`drop function report_stay_bucket(numeric)`,
  sql`drop function report_office_day(timestamptz)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
