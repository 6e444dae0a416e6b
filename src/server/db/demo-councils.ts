import type { AcademicFieldCategory } from '../../shared/domain/application-status';
import type { AppDatabase } from './database';
import type { DocumentStorage } from '../storage/document-storage';

// The expert councils of the demo data, one per group of academic fields. Service-1 applications
// are routed to a council by their academic field category (auto-assign picks the least loaded
// active council covering the field). The demo council member chairs the medical council, so
// signing in as `council` shows that council's applications only.

export interface DemoCouncil {
  name: string;
  academic_field_categories: AcademicFieldCategory[];
  active: boolean;
}

export const DEMO_COUNCILS: readonly DemoCouncil[] = [
  { name: 'Council for Medical and Health Sciences', academic_field_categories: ['medical_health'], active: true },
  { name: 'Council for Engineering and Natural Sciences', academic_field_categories: ['engineering_technology', 'natural_sciences', 'agricultural_sciences'], active: true },
  { name: 'Council for Social Sciences, Law and Economics', academic_field_categories: ['social_sciences', 'law', 'economics_business'], active: true },
  { name: 'Council for Humanities, Arts and Education', academic_field_categories: ['humanities_arts', 'education'], active: true },
  { name: 'Council for Agricultural Sciences (2019–2024)', academic_field_categories: ['agricultural_sciences'], active: false },
];

/** The council the demo `council` account chairs. */
export const DEMO_MEMBER_COUNCIL = DEMO_COUNCILS[0]!.name;

export async function seedDemoCouncils(db: AppDatabase): Promise<number> {
  const created = await db
    .insertInto('councils')
    .values(DEMO_COUNCILS.map((council) => ({ ...council })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .returning('id')
    .execute();
  const member = await db.selectFrom('users').select('id').where('username', '=', 'council').executeTakeFirst();
  const council = await db.selectFrom('councils').select('id').where('name', '=', DEMO_MEMBER_COUNCIL).executeTakeFirst();
  if (member && council) {
    await db
      .insertInto('council_members')
      .values({ council_id: council.id, user_id: member.id, is_chair: true })
      .onConflict((conflict) => conflict.columns(['council_id', 'user_id']).doNothing())
      .execute();
  }
  return created.length;
}

/** Issue 14: the councils' demo meetings (filled in by the councils work). */
export async function seedDemoCouncilMeetings(_db: AppDatabase, _storage?: DocumentStorage): Promise<void> {}
