import type { Gender } from '../../shared/constants';
import { GROUPS, type GroupName } from '../../shared/auth/permissions';

// The demo accounts, in one place: the seed creates them, GET /api/demo/accounts/ lists them,
// the README and the tests read them from here. They exist only in demo mode.

export const DEMO_PASSWORD = 'Demo-2026!naric';

export interface DemoAccount {
  username: string;
  group: GroupName;
  first_name: string;
  last_name: string;
  gender: Gender;
  is_superuser: boolean;
  /** Staff in the spec's sense (§6); agency officers, evaluators and the inspectorate are not. */
  is_staff: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', group: GROUPS.administrators, first_name: 'Arben', last_name: 'Krasniqi', gender: 'male', is_superuser: true, is_staff: true },
  { username: 'naric.admin', group: GROUPS.naricAdministrators, first_name: 'Vjosa', last_name: 'Berisha', gender: 'female', is_superuser: false, is_staff: true },
  { username: 'officer', group: GROUPS.naricOfficers, first_name: 'Blerta', last_name: 'Gashi', gender: 'female', is_superuser: false, is_staff: true },
  { username: 'agency', group: GROUPS.agencyOfficers, first_name: 'Milan', last_name: 'Jovanović', gender: 'male', is_superuser: false, is_staff: false },
  { username: 'council', group: GROUPS.councilMembers, first_name: 'Driton', last_name: 'Hoxha', gender: 'male', is_superuser: false, is_staff: true },
  { username: 'evaluator', group: GROUPS.evaluators, first_name: 'Jelena', last_name: 'Petrović', gender: 'female', is_superuser: false, is_staff: false },
  { username: 'payments', group: GROUPS.paymentOfficers, first_name: 'Fatmir', last_name: 'Shala', gender: 'male', is_superuser: false, is_staff: true },
  { username: 'verifier', group: GROUPS.documentVerifiers, first_name: 'Teuta', last_name: 'Morina', gender: 'female', is_superuser: false, is_staff: true },
  { username: 'inspector', group: GROUPS.inspectorate, first_name: 'Nenad', last_name: 'Stojanović', gender: 'male', is_superuser: false, is_staff: false },
  { username: 'content', group: GROUPS.contentManagers, first_name: 'Liridona', last_name: 'Kelmendi', gender: 'female', is_superuser: false, is_staff: true },
];

/** example.org-style addresses (RFC 2606) so a demo never mails a real person. */
export function demoEmail(username: string): string {
  return `${username}@naric.example`;
}
