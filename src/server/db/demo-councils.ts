import { createHash } from 'node:crypto';
import { GROUPS } from '../../shared/auth/permissions';
import type { AcademicFieldCategory } from '../../shared/domain/application-status';
import type { AppDatabase } from './database';
import type { DocumentStorage } from '../storage/document-storage';
import { demoEmail } from './demo-accounts';
import { demoPdf } from './demo-pdf';

// The expert councils of the demo data, one per group of academic fields. Service-1 applications
// are routed to a council by their academic field category (auto-assign picks the least loaded
// active council covering the field). The demo council member chairs the medical council, so
// signing in as `council` shows that council's applications only.

export interface DemoCouncil {
  /** The English name (name_en), by which the seed finds the council again. */
  name: string;
  name_sq: string;
  name_sr: string;
  academic_field_categories: AcademicFieldCategory[];
  active: boolean;
}

export const DEMO_COUNCILS: readonly DemoCouncil[] = [
  {
    name: 'Council for Medical and Health Sciences',
    name_sq: 'Këshilli për Shkencat Mjekësore dhe Shëndetësore',
    name_sr: 'Savet za medicinske i zdravstvene nauke',
    academic_field_categories: ['medical_health'],
    active: true,
  },
  {
    name: 'Council for Engineering and Natural Sciences',
    name_sq: 'Këshilli për Inxhinieri dhe Shkencat Natyrore',
    name_sr: 'Savet za inženjerstvo i prirodne nauke',
    academic_field_categories: ['engineering_technology', 'natural_sciences', 'agricultural_sciences'],
    active: true,
  },
  {
    name: 'Council for Social Sciences, Law and Economics',
    name_sq: 'Këshilli për Shkencat Shoqërore, Drejtësi dhe Ekonomi',
    name_sr: 'Savet za društvene nauke, pravo i ekonomiju',
    academic_field_categories: ['social_sciences', 'law', 'economics_business'],
    active: true,
  },
  {
    name: 'Council for Humanities, Arts and Education',
    name_sq: 'Këshilli për Shkencat Humane, Artet dhe Edukimin',
    name_sr: 'Savet za humanističke nauke, umetnost i obrazovanje',
    academic_field_categories: ['humanities_arts', 'education'],
    active: true,
  },
  {
    name: 'Council for Agricultural Sciences (2019–2024)',
    name_sq: 'Këshilli për Shkencat Bujqësore (2019–2024)',
    name_sr: 'Savet za poljoprivredne nauke (2019–2024)',
    academic_field_categories: ['agricultural_sciences'],
    active: false,
  },
];

/** The council the demo `council` account chairs. */
export const DEMO_MEMBER_COUNCIL = DEMO_COUNCILS[0]!.name;

export async function seedDemoCouncils(db: AppDatabase): Promise<number> {
  const created = await db
    .insertInto('councils')
    .values(DEMO_COUNCILS.map(({ name, ...council }) => ({ ...council, name_en: name })))
    .onConflict((conflict) => conflict.column('name_en').doNothing())
    .returning('id')
    .execute();
  // A demo database made before councils had translated names gets them; an admin's own stays.
  for (const council of DEMO_COUNCILS) {
    await db.updateTable('councils').set({ name_sq: council.name_sq }).where('name_en', '=', council.name).where('name_sq', '=', '').execute();
    await db.updateTable('councils').set({ name_sr: council.name_sr }).where('name_en', '=', council.name).where('name_sr', '=', '').execute();
  }
  const member = await db.selectFrom('users').select('id').where('username', '=', 'council').executeTakeFirst();
  const council = await db.selectFrom('councils').select('id').where('name_en', '=', DEMO_MEMBER_COUNCIL).executeTakeFirst();
  if (member && council) {
    await db
      .insertInto('council_members')
      .values({ council_id: council.id, user_id: member.id, is_chair: true })
      .onConflict((conflict) => conflict.columns(['council_id', 'user_id']).doNothing())
      .execute();
  }
  return created.length;
}

interface DemoCouncilMember {
  username: string;
  first_name: string;
  last_name: string;
  gender: 'male' | 'female';
  council: string;
  chair: boolean;
}

/**
 * Council members without a password: they fill the councils, no one signs in as them.
 * The medical council keeps the demo `council` account as its chair; each other active council
 * is chaired by its first member here.
 */
export const DEMO_EXTRA_COUNCIL_MEMBERS: readonly DemoCouncilMember[] = [
  { username: 'council.rama', first_name: 'Besa', last_name: 'Rama', gender: 'female', council: DEMO_COUNCILS[0]!.name, chair: false },
  { username: 'council.djordjevic', first_name: 'Milica', last_name: 'Đorđević', gender: 'female', council: DEMO_COUNCILS[0]!.name, chair: false },
  { username: 'council.sopi', first_name: 'Blerim', last_name: 'Sopi', gender: 'male', council: DEMO_COUNCILS[1]!.name, chair: true },
  { username: 'council.lazic', first_name: 'Vesna', last_name: 'Lazić', gender: 'female', council: DEMO_COUNCILS[1]!.name, chair: false },
  { username: 'council.hyseni', first_name: 'Drita', last_name: 'Hyseni', gender: 'female', council: DEMO_COUNCILS[1]!.name, chair: false },
  { username: 'council.haxhiu', first_name: 'Valon', last_name: 'Haxhiu', gender: 'male', council: DEMO_COUNCILS[2]!.name, chair: true },
  { username: 'council.ilic', first_name: 'Dragana', last_name: 'Ilić', gender: 'female', council: DEMO_COUNCILS[2]!.name, chair: false },
  { username: 'council.zeqiri', first_name: 'Lumnije', last_name: 'Zeqiri', gender: 'female', council: DEMO_COUNCILS[2]!.name, chair: false },
  { username: 'council.bajrami', first_name: 'Shpresa', last_name: 'Bajrami', gender: 'female', council: DEMO_COUNCILS[3]!.name, chair: true },
  { username: 'council.popovic', first_name: 'Goran', last_name: 'Popović', gender: 'male', council: DEMO_COUNCILS[3]!.name, chair: false },
  { username: 'council.dervishi', first_name: 'Ilir', last_name: 'Dervishi', gender: 'male', council: DEMO_COUNCILS[3]!.name, chair: false },
];

const DEMO_QUORUM = 2;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Where each council meets (by its position in DEMO_COUNCILS). */
const MEETING_PLACES: readonly string[] = [
  'NARIC, Ministry of Education, Science and Technology, Prishtina — meeting room 2',
  'Faculty of Electrical and Computer Engineering, Prishtina — senate hall',
  'NARIC, Ministry of Education, Science and Technology, Prishtina — meeting room 1',
  'National Library of Kosovo, Prishtina — conference room',
];

/** At 10:00 Kosovo time (09:00 UTC in winter, close enough either way for the demo) `days` from today. */
function meetingTime(now: Date, days: number): Date {
  const day = new Date(now.getTime() + days * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 9, 0, 0));
}

/** Members, chair and quorum for active demo councils that have fewer than two members (a later edit is kept). */
async function seedDemoCouncilMembers(db: AppDatabase): Promise<void> {
  await db
    .insertInto('users')
    .values(
      DEMO_EXTRA_COUNCIL_MEMBERS.map((user, index) => ({
        username: user.username,
        email: demoEmail(user.username),
        first_name: user.first_name,
        last_name: user.last_name,
        gender: user.gender,
        is_staff: true,
        country: 'XK',
        phone: `+383 44 300 ${String(100 + index)}`,
        email_verified: true,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const group = await db.selectFrom('groups').select('id').where('name', '=', GROUPS.councilMembers).executeTakeFirst();
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'username']).where('username', 'in', DEMO_EXTRA_COUNCIL_MEMBERS.map((user) => user.username)).execute()).map((user) => [user.username, user.id]),
  );
  if (group) {
    await db
      .insertInto('user_groups')
      .values([...users.values()].map((userId) => ({ user_id: userId, group_id: group.id })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  for (const demo of DEMO_COUNCILS.filter((council) => council.active)) {
    const council = await db.selectFrom('councils').select('id').where('name_en', '=', demo.name).executeTakeFirst();
    if (!council) continue;
    const { count } = await db.selectFrom('council_members').select((eb) => eb.fn.countAll<number>().as('count')).where('council_id', '=', council.id).executeTakeFirstOrThrow();
    if (Number(count) >= 2) continue;
    const members = DEMO_EXTRA_COUNCIL_MEMBERS.filter((member) => member.council === demo.name && users.has(member.username));
    if (members.length === 0) continue;
    await db
      .insertInto('council_members')
      .values(members.map((member) => ({ council_id: council.id, user_id: users.get(member.username)!, is_chair: member.chair })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await db.updateTable('councils').set({ quorum: DEMO_QUORUM }).where('id', '=', council.id).execute();
  }
}

function minutesPdf(council: string, place: string, when: Date, references: readonly string[], present: readonly string[]): Buffer {
  return demoPdf({
    title: 'Minutes of the council meeting',
    lines: [
      ['Council', council],
      ['Date', when.toISOString().slice(0, 10)],
      ['Place', place],
      ['Present', present.join(', ')],
      ['Agenda', references.join(', ') || '—'],
    ],
    note: 'Demo data of the NARIC back-office: generated, not real minutes.',
  });
}

/**
 * Each active council's demo meetings: two held meetings in the past (attendance, an
 * agenda of the council's applications, the minutes as a PDF when a storage is given) and one
 * scheduled meeting ahead with an agenda of the applications waiting for its review. Dates are
 * relative to today. A council that already has meetings is left as it is.
 */
export async function seedDemoCouncilMeetings(db: AppDatabase, storage?: DocumentStorage, now = new Date()): Promise<void> {
  await seedDemoCouncilMembers(db);
  for (const [position, demo] of DEMO_COUNCILS.entries()) {
    if (!demo.active) continue;
    const council = await db.selectFrom('councils').select('id').where('name_en', '=', demo.name).executeTakeFirst();
    if (!council) continue;
    if (await db.selectFrom('council_meetings').select('id').where('council_id', '=', council.id).executeTakeFirst()) continue;
    const members = await db
      .selectFrom('council_members')
      .innerJoin('users', 'users.id', 'council_members.user_id')
      .select(['users.id', 'users.first_name', 'users.last_name', 'council_members.is_chair'])
      .where('council_members.council_id', '=', council.id)
      .orderBy('council_members.is_chair', 'desc')
      .orderBy('users.id')
      .execute();
    const chair = members.find((member) => member.is_chair) ?? members[0];
    const decided = await db
      .selectFrom('applications')
      .select(['id', 'reference'])
      .where('council_id', '=', council.id)
      .where((eb) => eb.or([eb('review_status', '=', 'completed'), eb('review_status', 'is', null)]))
      .orderBy('id')
      .limit(6)
      .execute();
    const waiting = await db
      .selectFrom('applications')
      .select(['id', 'reference'])
      .where('council_id', '=', council.id)
      .where('review_status', 'in', ['pending_review', 'in_review'])
      .orderBy('review_due_date')
      .orderBy('id')
      .limit(5)
      .execute();
    const place = MEETING_PLACES[position] ?? MEETING_PLACES[0]!;
    const past = decided.length > 0 ? decided : waiting;
    const held = [
      { when: meetingTime(now, -56), agenda: past.slice(0, 3) },
      { when: meetingTime(now, -21), agenda: past.slice(3, 6).length > 0 ? past.slice(3, 6) : waiting.slice(0, 2) },
    ];
    for (const [index, meeting] of held.entries()) {
      // At the first meeting the last member sent apologies; everyone came to the second.
      const present = members.map((member, m) => ({ member, present: !(index === 0 && members.length > 2 && m === members.length - 1) }));
      let minutes: { minutes_storage_key: string; minutes_file_name: string; minutes_size: number; minutes_sha256: string; minutes_uploaded_at: Date; minutes_uploaded_by_id: number | null } | null = null;
      if (storage) {
        const content = minutesPdf(
          demo.name,
          place,
          meeting.when,
          meeting.agenda.map((row) => row.reference),
          present.filter((row) => row.present).map((row) => `${row.member.first_name} ${row.member.last_name}`),
        );
        minutes = {
          minutes_storage_key: await storage.put(content),
          minutes_file_name: `minutes-${meeting.when.toISOString().slice(0, 10)}.pdf`,
          minutes_size: content.length,
          minutes_sha256: createHash('sha256').update(content).digest('hex'),
          minutes_uploaded_at: new Date(meeting.when.getTime() + 2 * DAY_MS),
          minutes_uploaded_by_id: chair?.id ?? null,
        };
      }
      const { id } = await db
        .insertInto('council_meetings')
        .values({
          council_id: council.id,
          scheduled_at: meeting.when,
          place,
          status: 'held',
          notes: index === 0 ? 'Regular session: the applications on the agenda were discussed with the expert reviews at hand.' : null,
          created_by_id: chair?.id ?? null,
          created_at: new Date(meeting.when.getTime() - 14 * DAY_MS),
          ...(minutes ?? {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (meeting.agenda.length > 0) {
        await db.insertInto('council_meeting_agenda').values(meeting.agenda.map((row, order) => ({ meeting_id: id, application_id: row.id, position: order }))).execute();
      }
      if (present.length > 0) {
        await db.insertInto('council_meeting_attendance').values(present.map((row) => ({ meeting_id: id, user_id: row.member.id, present: row.present }))).execute();
      }
    }
    const upcoming = await db
      .insertInto('council_meetings')
      .values({ council_id: council.id, scheduled_at: meetingTime(now, 9), place, status: 'scheduled', created_by_id: chair?.id ?? null, created_at: meetingTime(now, -3) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (waiting.length > 0) {
      await db.insertInto('council_meeting_agenda').values(waiting.map((row, order) => ({ meeting_id: upcoming.id, application_id: row.id, position: order }))).execute();
    }
  }
}
