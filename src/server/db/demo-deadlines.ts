import { sql, type Insertable } from 'kysely';
import { SERVICE_CATEGORIES, type DeadlineType, type ServiceCategory } from '../../shared/constants';
import { CLOSED_STATUSES } from '../../shared/domain/application-status';
import { DEADLINE_STAGES } from '../../shared/domain/deadline-stages';
import { GROUPS } from '../../shared/auth/permissions';
import { FACT_COLUMNS, applicationDates, deadlineRow, holidaysFrom, planDeadlines, type TrackedDeadline } from '../application-deadlines';
import { kosovoDate } from '../../shared/domain/deadline-dates';
import type { AppDatabase } from './database';
import type { ApplicationDeadlinesTable, DeadlineConfigurationsTable } from './schema';

// Demo deadline configurations: one per deadline type for every service category the
// type applies to (deadline-stages.ts), with plausible days. The legal bases are marked as
// examples: the spec names no law, and the centre's legal office must confirm the real ones.
// The open demo applications then replay their history through the deadline clock, so the
// detail screen explains true deadlines (started, paused while waiting on the applicant, resumed).

type Names = { en: string; sq: string; sr: string };

const TYPE_NAMES: Record<DeadlineType, Names> = {
  application_submission: { en: 'Application intake', sq: 'Pranimi i aplikimit', sr: 'Prijem zahteva' },
  fee_payment: { en: 'Fee payment', sq: 'Pagesa e tarifës', sr: 'Plaćanje takse' },
  document_upload: { en: 'Document upload', sq: 'Ngarkimi i dokumenteve', sr: 'Otpremanje dokumenata' },
  document_verification: { en: 'Document verification', sq: 'Verifikimi i dokumenteve', sr: 'Verifikacija dokumenata' },
  administrative_review: { en: 'Administrative review', sq: 'Shqyrtimi administrativ', sr: 'Administrativni pregled' },
  council_review: { en: 'Council review', sq: 'Shqyrtimi nga këshilli', sr: 'Razmatranje u veću' },
  final_decision: { en: 'Final decision', sq: 'Vendimi përfundimtar', sr: 'Konačna odluka' },
  service_completion: { en: 'Service completion', sq: 'Përfundimi i shërbimit', sr: 'Završetak usluge' },
  appeal_review: { en: 'Appeal review', sq: 'Shqyrtimi i ankesës', sr: 'Razmatranje žalbe' },
  authenticity_confirmation: { en: 'Authenticity confirmation', sq: 'Konfirmimi i autenticitetit', sr: 'Potvrda autentičnosti' },
};

/** The categories whose decisions are appealed as cases (the recognitions, services 1 and 2). */
const APPEAL_CATEGORIES: readonly ServiceCategory[] = ['higher_education', 'pre_university'];

const CATEGORY_NAMES: Record<ServiceCategory, Names> = {
  higher_education: { en: 'higher education', sq: 'arsimi i lartë', sr: 'visoko obrazovanje' },
  pre_university: { en: 'pre-university', sq: 'arsimi parauniversitar', sr: 'preduniverzitetsko obrazovanje' },
  kosovo_verification: { en: 'Kosovo diplomas', sq: 'diplomat e Kosovës', sr: 'kosovske diplome' },
  abroad_verification: { en: 'studies abroad', sq: 'studimet jashtë vendit', sr: 'studije u inostranstvu' },
  academic_information: { en: 'academic information', sq: 'informata akademike', sr: 'akademske informacije' },
};

/** Days of the whole service per category: recognitions take longest, an information request least. */
const COMPLETION_DAYS: Record<ServiceCategory, number> = {
  higher_education: 60,
  pre_university: 30,
  kosovo_verification: 30,
  abroad_verification: 15,
  academic_information: 15,
};

const LEGAL_BASIS_EXAMPLE =
  'Example for the demo: the Law on General Administrative Procedure sets the time limit for deciding on a complete request; the legal office confirms the article that applies.';

type Configuration = Omit<Insertable<DeadlineConfigurationsTable>, 'name_en' | 'name_sq' | 'name_sr' | 'service_category'>;

function rule(type: DeadlineType, category: ServiceCategory, escalateTo: number | null): Configuration | null {
  const escalation = (daysAfter: number) =>
    escalateTo === null
      ? {}
      : { escalation_enabled: true, escalation_days_after: daysAfter, escalation_recipients: JSON.stringify([{ kind: 'group', id: escalateTo }]) };
  switch (type) {
    case 'application_submission':
      return { deadline_type: type, days_from_start: 3, working_days: true, reminder_enabled: true, reminder_days_before: 1, reminder_frequency: 'once' };
    case 'fee_payment':
      return {
        deadline_type: type,
        days_from_start: 15,
        conditional: true,
        condition: 'fee_enabled',
        reminder_enabled: true,
        reminder_days_before: 3,
        reminder_frequency: 'daily',
      };
    case 'document_upload':
      return { deadline_type: type, days_from_start: 30, reminder_enabled: true, reminder_days_before: 14, reminder_frequency: 'weekly' };
    case 'document_verification':
      return { deadline_type: type, days_from_start: 10, working_days: true, ...escalation(2) };
    case 'administrative_review':
      return { deadline_type: type, days_from_start: category === 'academic_information' ? 5 : 10, working_days: true, mandatory: false };
    case 'council_review':
      return {
        deadline_type: type,
        days_from_start: 30,
        conditional: true,
        condition: 'council_required',
        reminder_enabled: true,
        reminder_days_before: 5,
        reminder_frequency: 'once',
        ...escalation(3),
      };
    case 'final_decision':
      return { deadline_type: type, days_from_start: 15, working_days: true, ...escalation(5) };
    case 'appeal_review':
      // Its reminders would need an application clock; the appeals list shows what is due.
      return { deadline_type: type, days_from_start: 30 };
    case 'authenticity_confirmation':
      // The issuing institution is reminded when it has not answered in three weeks.
      return { deadline_type: type, days_from_start: 21 };
    case 'service_completion':
      return {
        deadline_type: type,
        days_from_start: COMPLETION_DAYS[category],
        mandatory_by_law: true,
        legal_basis: LEGAL_BASIS_EXAMPLE,
        reminder_enabled: true,
        reminder_days_before: 7,
        reminder_frequency: 'weekly',
        ...escalation(1),
      };
  }
}

export function demoDeadlineConfigurations(escalateTo: number | null): Insertable<DeadlineConfigurationsTable>[] {
  return SERVICE_CATEGORIES.flatMap((category) =>
    (Object.keys(DEADLINE_STAGES) as DeadlineType[])
      .filter((type) => DEADLINE_STAGES[type].runsIn[category].length > 0 || (type === 'appeal_review' && APPEAL_CATEGORIES.includes(category)) || type === 'authenticity_confirmation')
      .map((type) => {
        const configuration = rule(type, category, escalateTo)!;
        const name = (language: keyof Names) => `${TYPE_NAMES[type][language]} (${CATEGORY_NAMES[category][language]})`;
        return { ...configuration, service_category: category, name_en: name('en'), name_sq: name('sq'), name_sr: name('sr') };
      }),
  );
}

const SEEDED_MARKER = 'demo.deadlines_seeded';

/** Once per demo database: the configurations, then the open applications' deadlines from their history. */
export async function seedDemoDeadlines(db: AppDatabase): Promise<number> {
  const marker = await db.selectFrom('system_settings').select('key').where('key', '=', SEEDED_MARKER).executeTakeFirst();
  if (marker) return 0;
  const admins = await db.selectFrom('groups').select('id').where('name', '=', GROUPS.naricAdministrators).executeTakeFirst();
  const configurations = demoDeadlineConfigurations(admins?.id ?? null);
  await db.insertInto('deadline_configurations').values(configurations).execute();
  await db.insertInto('system_settings').values({ key: SEEDED_MARKER, value: 'true' }).execute();
  await replayOpenApplications(db);
  return configurations.length;
}

/**
 * Each open application's status changes, in order, through the deadline planner: in memory (one
 * read of the history, one bulk write), since a query per step took PGlite about 50 s for the demo.
 */
async function replayOpenApplications(db: AppDatabase): Promise<void> {
  const applications = await db
    .selectFrom('applications')
    .innerJoin('services', 'services.id', 'applications.service_id')
    .select(['applications.id', 'applications.status', ...FACT_COLUMNS])
    .where('applications.status', 'not in', CLOSED_STATUSES)
    .where('applications.archived', '=', false)
    .orderBy('applications.id')
    .execute();
  if (applications.length === 0) return;
  const [history, configurations] = await Promise.all([
    db
      .selectFrom('application_history')
      .select(['application_id', 'to_status', 'created_at'])
      .where(
        'application_id',
        'in',
        applications.map((application) => application.id),
      )
      .where('to_status', 'is not', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db.selectFrom('deadline_configurations').selectAll().where('active', '=', true).orderBy('id').execute(),
  ]);
  const earliest = applications.reduce((first, application) => (application.submitted_at < first ? application.submitted_at : first), applications[0].submitted_at);
  const holidays = await holidaysFrom(db, kosovoDate(earliest));
  const movesOf = new Map<number, typeof history>();
  for (const entry of history) movesOf.set(entry.application_id, [...(movesOf.get(entry.application_id) ?? []), entry]);
  const rows: Insertable<ApplicationDeadlinesTable>[] = [];
  const dates: { id: number; deadline: string | null; review_due_date: string | null }[] = [];
  for (const application of applications) {
    const moves = movesOf.get(application.id) ?? [{ application_id: application.id, to_status: application.status, created_at: application.submitted_at }];
    const tracked: TrackedDeadline[] = [];
    for (const move of moves) planDeadlines(tracked, configurations, application, move.to_status!, move.created_at, holidays);
    rows.push(...tracked.map((deadline) => deadlineRow(application.id, deadline)));
    const synced = applicationDates(tracked);
    if (synced.deadline || synced.review_due_date) dates.push({ id: application.id, deadline: synced.deadline ?? null, review_due_date: synced.review_due_date ?? null });
  }
  for (let index = 0; index < rows.length; index += 500) await db.insertInto('application_deadlines').values(rows.slice(index, index + 500)).execute();
  if (dates.length > 0) {
    // One statement for every application: keep a date the replay did not produce.
    await sql`update applications set
        deadline = coalesce(d.deadline::date, applications.deadline),
        review_due_date = coalesce(d.review_due_date::date, applications.review_due_date)
      from jsonb_to_recordset(${JSON.stringify(dates)}::jsonb) as d(id int, deadline text, review_due_date text)
      where applications.id = d.id`.execute(db);
  }
}
