import { sql } from 'kysely';
import { GROUPS } from '../../shared/auth/permissions';
import type { AcademicFieldCategory } from '../../shared/domain/application-status';
import type { ExpertRecommendation } from './schema';
import type { AppDatabase } from './database';
import type { DocumentStorage } from '../storage/document-storage';
import { demoEmail } from './demo-accounts';
import { DEMO_MEMBER_COUNCIL } from './demo-councils';

// The demo expert commissions and reviews: three commissions (medicine, engineering,
// law) of evaluators — the demo `evaluator` (Jelena Petrović) sits on two and chairs one — and
// reviews of service-1 applications that are with a council: for `evaluator` two requested (one
// overdue) and two submitted, at least one on the medical council's applications (the demo
// council member's), plus a few by the other evaluators. Applications are picked by id order and
// due dates are relative to today, so every seed gives the same picture. Runs once: a database
// that already has the demo commissions is left as it is.

interface ExtraEvaluator {
  username: string;
  first_name: string;
  last_name: string;
  gender: 'male' | 'female';
}

/** Evaluators without a password: they exist to fill the commissions (no one signs in as them). */
export const DEMO_EXTRA_EVALUATORS: readonly ExtraEvaluator[] = [
  { username: 'evaluator.ahmeti', first_name: 'Besnik', last_name: 'Ahmeti', gender: 'male' },
  { username: 'evaluator.nikolic', first_name: 'Ana', last_name: 'Nikolić', gender: 'female' },
  { username: 'evaluator.rexhepi', first_name: 'Arta', last_name: 'Rexhepi', gender: 'female' },
  { username: 'evaluator.markovic', first_name: 'Stefan', last_name: 'Marković', gender: 'male' },
  { username: 'evaluator.bytyqi', first_name: 'Fitore', last_name: 'Bytyqi', gender: 'female' },
  { username: 'evaluator.lekaj', first_name: 'Agron', last_name: 'Lekaj', gender: 'male' },
];

interface DemoCommission {
  /** The English name (name_en), by which the seed finds the commission again. */
  name: string;
  name_sq: string;
  name_sr: string;
  description: string;
  field: AcademicFieldCategory;
  /** Usernames; the first is the chair. */
  members: readonly string[];
}

export const DEMO_COMMISSIONS: readonly DemoCommission[] = [
  {
    name: 'Expert Commission for Medicine',
    name_sq: 'Komisioni i Ekspertëve për Mjekësi',
    name_sr: 'Stručna komisija za medicinu',
    description: 'Reviews medical and health sciences programmes: clinical training hours, internships and licensing requirements.',
    field: 'medical_health',
    members: ['evaluator', 'evaluator.ahmeti', 'evaluator.nikolic'],
  },
  {
    name: 'Expert Commission for Engineering',
    name_sq: 'Komisioni i Ekspertëve për Inxhinieri',
    name_sr: 'Stručna komisija za inženjerstvo',
    description: 'Reviews engineering and technology programmes against the Kosovo qualification framework.',
    field: 'engineering_technology',
    members: ['evaluator.markovic', 'evaluator', 'evaluator.rexhepi', 'evaluator.lekaj'],
  },
  {
    name: 'Expert Commission for Law',
    name_sq: 'Komisioni i Ekspertëve për Drejtësi',
    name_sr: 'Stručna komisija za pravo',
    description: 'Reviews law degrees: the content of the curriculum and the access they give to the bar examination.',
    field: 'law',
    members: ['evaluator.bytyqi', 'evaluator.lekaj', 'evaluator.ahmeti'],
  },
];

interface SubmittedText {
  assessment: string;
  recommendation: ExpertRecommendation;
  comments: string;
}

const SUBMITTED: readonly SubmittedText[] = [
  {
    assessment:
      'The programme covers 360 ECTS over six years, including a twelve-month clinical rotation. Its content and workload match the integrated medical degree offered in Kosovo.',
    recommendation: 'recognise',
    comments: 'The transcript lists every clinical rotation with its hours; no further documents are needed.',
  },
  {
    assessment:
      'The degree corresponds to a first-cycle qualification (240 ECTS). Two courses of the Kosovo curriculum (professional ethics, national regulation) have no equivalent in the programme.',
    recommendation: 'recognise_with_conditions',
    comments: 'Recognition on condition that the applicant passes the two missing courses at an accredited Kosovo institution.',
  },
  {
    assessment: 'The programme is accredited in its country and comparable in level, duration and learning outcomes.',
    recommendation: 'recognise',
    comments: 'Comparable to the Kosovo master degree in the same field.',
  },
];

const REVIEW_STATUSES = ['council_review', 'council_assigned', 'assessment_completed'] as const;

export async function seedDemoExpertReviews(db: AppDatabase, _storage?: DocumentStorage): Promise<void> {
  const existing = await db.selectFrom('expert_commissions').select('id').where('name_en', 'in', DEMO_COMMISSIONS.map((c) => c.name)).executeTakeFirst();
  if (existing) {
    // A demo database made before commissions had translated names gets them; an admin's own stays.
    for (const commission of DEMO_COMMISSIONS) {
      await db.updateTable('expert_commissions').set({ name_sq: commission.name_sq }).where('name_en', '=', commission.name).where('name_sq', '=', '').execute();
      await db.updateTable('expert_commissions').set({ name_sr: commission.name_sr }).where('name_en', '=', commission.name).where('name_sr', '=', '').execute();
    }
    return;
  }

  const evaluators = await db.selectFrom('groups').select('id').where('name', '=', GROUPS.evaluators).executeTakeFirst();
  if (!evaluators) return;
  const created = await db
    .insertInto('users')
    .values(
      DEMO_EXTRA_EVALUATORS.map((user, index) => ({
        username: user.username,
        email: demoEmail(user.username),
        first_name: user.first_name,
        last_name: user.last_name,
        gender: user.gender,
        country: 'XK',
        phone: `+383 44 200 ${String(100 + index)}`,
        email_verified: true,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .execute();
  if (created.length > 0) {
    await db
      .insertInto('user_groups')
      .values(created.map((user) => ({ user_id: user.id, group_id: evaluators.id })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('username', 'in', ['evaluator', ...DEMO_EXTRA_EVALUATORS.map((user) => user.username)])
        .execute()
    ).map((user) => [user.username, user.id]),
  );
  const me = users.get('evaluator');
  if (me === undefined) return;

  const commissionIds: number[] = [];
  for (const commission of DEMO_COMMISSIONS) {
    const { id } = await db
      .insertInto('expert_commissions')
      .values({ name_en: commission.name, name_sq: commission.name_sq, name_sr: commission.name_sr, description: commission.description, academic_field_category: commission.field, active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    commissionIds.push(id);
    const members = commission.members.flatMap((username, index) => {
      const userId = users.get(username);
      return userId === undefined ? [] : [{ commission_id: id, user_id: userId, is_chair: index === 0 }];
    });
    if (members.length > 0) await db.insertInto('expert_commission_members').values(members).execute();
  }
  const [medicine, engineering] = commissionIds as [number, number, number];

  // The medical council's applications first (the demo council member sees them), then the others.
  const medical = await db.selectFrom('councils').select('id').where('name_en', '=', DEMO_MEMBER_COUNCIL).executeTakeFirst();
  const candidates = await db
    .selectFrom('applications')
    .select(['id', 'council_id', 'academic_field_category'])
    .where('service_type', '=', 1)
    .where('status', 'in', REVIEW_STATUSES)
    .where('archived', '=', false)
    .where('invalidated', '=', false)
    .orderBy('id')
    .limit(200)
    .execute();
  const onMedical = candidates.filter((application) => medical && application.council_id === medical.id);
  const others = candidates.filter((application) => !onMedical.includes(application));
  const pick = [...onMedical.slice(0, 2), ...others.slice(0, 3), ...onMedical.slice(2)];
  if (pick.length < 4) return;

  const officer = await db.selectFrom('users').select('id').where('username', '=', 'officer').executeTakeFirst();
  const days = (offset: number) => sql<string>`current_date + ${offset}::int`;
  const requestedAt = (daysAgo: number) => sql<Date>`now() - make_interval(days => ${daysAgo}::int)`;
  const commissionFor = (application: (typeof pick)[number]) => (application.council_id === medical?.id || application.academic_field_category === 'medical_health' ? medicine : engineering);
  const other = users.get(commissionFor(pick[0]!) === medicine ? 'evaluator.ahmeti' : 'evaluator.markovic')!;

  const reviews = [
    // Jelena Petrović: one open on a medical application, one overdue, two submitted.
    { application: pick[0]!, reviewer: me, due: 10, ago: 4, text: null },
    { application: pick[2]!, reviewer: me, due: -3, ago: 20, text: null },
    { application: pick[1]!, reviewer: me, due: -5, ago: 30, text: SUBMITTED[0]!, submittedAgo: 8 },
    { application: pick[3]!, reviewer: me, due: -12, ago: 40, text: SUBMITTED[1]!, submittedAgo: 15 },
    // Another member's submitted review of the first medical application, for the council to read.
    { application: pick[0]!, reviewer: other, due: 5, ago: 4, text: SUBMITTED[2]!, submittedAgo: 1 },
  ];
  for (const review of reviews) {
    const submitted = review.text !== null;
    await db
      .insertInto('expert_reviews')
      .values({
        application_id: review.application.id,
        commission_id: commissionFor(review.application),
        reviewer_id: review.reviewer,
        requested_by_id: officer?.id ?? null,
        requested_at: requestedAt(review.ago),
        due_date: days(review.due),
        status: submitted ? 'submitted' : 'requested',
        assessment: review.text?.assessment ?? null,
        recommendation: review.text?.recommendation ?? null,
        comments: review.text?.comments ?? null,
        submitted_at: submitted ? requestedAt(review.submittedAgo ?? 0) : null,
      })
      .execute();
  }
}
