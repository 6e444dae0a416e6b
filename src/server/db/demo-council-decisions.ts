import { sql } from 'kysely';
import type { AppDatabase } from './database';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_MEMBER_COUNCIL } from './demo-councils';

// The demo's recorded council decisions and one conflict of interest, written after the
// applications, meetings and expert reviews (seed.ts). Every demo application that passed a council
// (its review completed, or a record_council_decision in its history) gets the decision row its
// history implies: the outcome the agency's decision followed (rejected when the agency rejected,
// else approved), the council's comments, all the council's members as participants, the last held
// meeting of the council before it if there is one, and the time of the review. Set-based, so it
// stays fast on every fresh start; a second run adds nothing.

const DEFAULT_COMMENTS = 'Reviewed by the council; the qualification corresponds to the stated level.';
const DEMO_CONFLICT_REASON = 'I taught on the programme the applicant graduated from.';

export async function seedDemoCouncilDecisions(db: AppDatabase): Promise<void> {
  await sql`
    insert into council_decisions (application_id, council_id, meeting_id, outcome, comments, review_notes, participant_ids, recorded_by_id, recorded_at)
    select a.id, a.council_id,
      (select m.id from council_meetings m
        where m.council_id = a.council_id and m.status = 'held' and m.scheduled_at <= coalesce(a.review_date, h.created_at, now())
        order by m.scheduled_at desc, m.id desc limit 1),
      case when a.decision_outcome = 'rejected' then 'rejected' else 'approved' end,
      coalesce(nullif(a.council_comments, ''), nullif(h.notes, ''), ${DEFAULT_COMMENTS}),
      a.review_notes,
      coalesce((select array_agg(cm.user_id order by cm.user_id) from council_members cm where cm.council_id = a.council_id), '{}'),
      coalesce(a.reviewed_by_id, h.actor_id),
      coalesce(a.review_date, h.created_at, a.updated_at)
    from applications a
    left join lateral (
      select notes, actor_id, created_at from application_history
      where application_id = a.id and action = 'record_council_decision'
      order by created_at desc, id desc limit 1
    ) h on true
    where a.council_id is not null
      and (a.review_status = 'completed' or h.created_at is not null)
      and not exists (select 1 from council_decisions d where d.application_id = a.id)
  `.execute(db);

  await sql`
    update applications a set council_outcome = d.outcome
    from council_decisions d
    where d.application_id = a.id and a.council_outcome is null
      and d.id = (select max(id) from council_decisions last where last.application_id = a.id)
  `.execute(db);

  await seedDemoConflict(db);
}

/**
 * A member of the medical council who does not sign in (not a demo account) declares a conflict on
 * the council's first waiting application other than the walkthrough's NARIC-2026-900002, so the
 * review screen has one to show without blocking the demo council member's own review.
 */
async function seedDemoConflict(db: AppDatabase): Promise<void> {
  const council = await db.selectFrom('councils').select('id').where('name_en', '=', DEMO_MEMBER_COUNCIL).executeTakeFirst();
  if (!council) return;
  const member = await db
    .selectFrom('council_members')
    .innerJoin('users', 'users.id', 'council_members.user_id')
    .select('users.id')
    .where('council_members.council_id', '=', council.id)
    .where('users.username', 'not in', DEMO_ACCOUNTS.map((account) => account.username))
    .orderBy('users.id')
    .executeTakeFirst();
  if (!member) return;
  const application = await db
    .selectFrom('applications')
    .select('id')
    .where('council_id', '=', council.id)
    .where('review_status', 'in', ['pending_review', 'in_review'])
    .where('reference', '!=', 'NARIC-2026-900002')
    .where('archived', '=', false)
    .orderBy('id')
    .executeTakeFirst();
  if (!application) return;
  await db
    .insertInto('council_conflicts')
    .values({ application_id: application.id, user_id: member.id, council_id: council.id, reason: DEMO_CONFLICT_REASON })
    .onConflict((conflict) => conflict.columns(['application_id', 'user_id']).doNothing())
    .execute();
}
