import type { CouncilDetail, CouncilListItem, CouncilMeeting } from '../../../../src/shared/api/councils';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { makeUser } from '../fixtures';

export const admin = makeUser({ id: 1, username: 'admin', groups: [GROUPS.administrators], is_superuser: true });
export const councilMember = makeUser({
  id: 5,
  username: 'council',
  full_name: 'Driton Hoxha',
  groups: [GROUPS.councilMembers],
  permissions: ['councils.view_council', 'councils.review_application', 'applications.view_application'],
});

export const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export function makeCouncil(overrides: Partial<CouncilListItem> = {}): CouncilListItem {
  return {
    id: 4,
    name_en: 'Council for Medical and Health Sciences', name_sq: '', name_sr: '',
    description: 'Reviews medical degrees.',
    active: true,
    academic_field_categories: ['medical_health'],
    quorum: 2,
    member_count: 3,
    chair_id: 5,
    chair_name: 'Driton Hoxha',
    open_review_count: 7,
    version: 3,
    updated_at: '2026-02-10T14:30:00Z',
    ...overrides,
  };
}

export function makeCouncilDetail(overrides: Partial<CouncilDetail> = {}): CouncilDetail {
  return {
    ...makeCouncil(),
    members: [
      { id: 5, name: 'Driton Hoxha', is_chair: true },
      { id: 21, name: 'Arben Krasniqi', is_chair: false },
      { id: 22, name: 'Milica Jovanović', is_chair: false },
    ],
    meetings: [
      { id: 31, scheduled_at: '2026-12-03T09:00:00Z', place: 'Prishtina, room 2', status: 'scheduled', agenda_count: 2, has_minutes: false },
      { id: 30, scheduled_at: '2026-10-01T09:00:00Z', place: 'Prishtina, room 2', status: 'held', agenda_count: 3, has_minutes: true },
    ],
    decisions: [
      {
        id: 9,
        application_id: 101,
        application_reference: 'NARIC-2026-000101',
        outcome: 'approved',
        comments: 'Equivalent to the Kosovo degree.',
        recorded_at: '2026-10-01T11:00:00Z',
        recorded_by_name: 'Driton Hoxha',
        meeting_id: 30,
        meeting_scheduled_at: '2026-10-01T09:00:00Z',
      },
    ],
    applications: [
      { id: 102, reference: 'NARIC-2026-000102', applicant_name: 'Blerina Gashi', status: 'council_review', review_status: 'pending_review', review_due_date: '2026-01-05', overdue: true },
      { id: 103, reference: 'NARIC-2026-000103', applicant_name: 'Marko Petrović', status: 'council_review', review_status: 'in_review', review_due_date: '2026-12-20', overdue: false },
    ],
    applications_count: 2,
    can_edit: true,
    can_manage_meetings: true,
    ...overrides,
  };
}

export function makeMeeting(overrides: Partial<CouncilMeeting> = {}): CouncilMeeting {
  return {
    id: 30,
    council_id: 4,
    council_names: { name_en: 'Council for Medical and Health Sciences', name_sq: '', name_sr: '' },
    council_active: true,
    scheduled_at: '2026-10-01T09:00:00Z',
    place: 'Prishtina, room 2',
    status: 'held',
    notes: 'Regular session',
    version: 2,
    agenda: [{ application_id: 101, reference: 'NARIC-2026-000101', applicant_name: 'Arta Berisha', status: 'assessment_completed', review_status: 'completed' }],
    attendance: [
      { user_id: 5, name: 'Driton Hoxha', is_chair: true, is_member: true, present: true },
      { user_id: 21, name: 'Arben Krasniqi', is_chair: false, is_member: true, present: false },
    ],
    minutes: { file_name: 'minutes-2026-10-01.pdf', size: 1536, uploaded_at: '2026-10-03T09:00:00Z', uploaded_by_name: 'Driton Hoxha' },
    decisions: [],
    can_manage: true,
    ...overrides,
  };
}
