import type { GroupItem, UserDetail } from '../../../../src/shared/api/users';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { makeUser } from '../fixtures';

// Stubbed answers of the user administration endpoints, shaped by the contract.

export const admin = makeUser({ id: 1, username: 'admin', full_name: 'Arben Krasniqi', groups: [GROUPS.administrators], is_superuser: true });

export const page = <T,>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });

export function makeUserDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: 42,
    username: 'drita.berisha',
    email: 'drita.berisha@naric.example.org',
    first_name: 'Drita',
    last_name: 'Berisha',
    full_name: 'Drita Berisha',
    phone: '+383 44 123 456',
    country: 'XK',
    address: 'Rr. Agim Ramadani 15, Prishtinë',
    personal_id: '1234567890',
    date_of_birth: '1988-04-12',
    gender: 'female',
    groups: [GROUPS.naricOfficers, GROUPS.paymentOfficers],
    is_superuser: false,
    is_staff: true,
    is_active: true,
    is_admin: false,
    auth_source: 'local',
    email_verified: true,
    two_factor_enabled: true,
    two_factor_method: 'totp',
    two_factor_required: false,
    backup_codes_remaining: 7,
    must_change_password: true,
    temporary_password_expires_at: '2026-11-27T09:30:00Z',
    last_login: '2026-11-20T08:15:00Z',
    date_joined: '2025-03-01T10:00:00Z',
    updated_at: '2026-11-20T08:15:00Z',
    directory_dn: null,
    directory_synced_at: null,
    effective_permissions: [
      { permission: 'applications.view_application', sources: [{ kind: 'group', group: GROUPS.naricOfficers }] },
      { permission: 'documents.verify_document', sources: [{ kind: 'implicit', group: GROUPS.naricOfficers }] },
      {
        permission: 'payments.mark_paid',
        sources: [{ kind: 'group', group: GROUPS.paymentOfficers }, { kind: 'implicit', group: GROUPS.naricOfficers }],
      },
      { permission: 'reports.export_reports', sources: [{ kind: 'direct' }] },
    ],
    open_session_count: 2,
    is_self: false,
    version: 5,
    ...overrides,
  };
}

export function makeGroup(overrides: Partial<GroupItem> = {}): GroupItem {
  return {
    id: 3,
    name: GROUPS.naricOfficers,
    description: 'Officers who process applications.',
    builtin: true,
    permissions: ['applications.view_application', 'applications.change_application'],
    member_count: 120,
    version: 2,
    ...overrides,
  };
}

export const groups: GroupItem[] = [
  makeGroup({ id: 1, name: GROUPS.administrators, description: 'Everything.', permissions: [], member_count: 2 }),
  makeGroup(),
  makeGroup({ id: 7, name: GROUPS.paymentOfficers, description: 'Payments.', permissions: ['payments.view_payment', 'payments.mark_paid'], member_count: 14 }),
  makeGroup({ id: 12, name: 'Archive readers', description: 'Reads the archive.', builtin: false, permissions: ['applications.view_application'], member_count: 3 }),
];

export const sessions = [
  { id: '6f0f6a57-3b8e-4a57-9d2b-0b7c1e4d2a11', started_at: '2026-11-24T07:00:00Z', last_seen_at: '2026-11-24T09:40:00Z', client_address: '10.0.4.17', user_agent: 'NARIC Back-office 0.1.0 (Windows)', current: false },
  { id: 'a1c3e5f7-0b2d-4e6f-8a9b-1c2d3e4f5a6b', started_at: '2026-11-23T12:00:00Z', last_seen_at: null, client_address: '10.0.4.99', user_agent: 'Firefox 132', current: true },
];

export const signIns = page(
  [
    { id: 901, action: 'auth.login', at: '2026-11-24T07:00:00Z', ip: '10.0.4.17', how: 'totp' },
    { id: 900, action: 'auth.login_failed', at: '2026-11-24T06:58:00Z', ip: '10.0.4.17', how: 'password' },
  ],
  2,
);

export const auditEntries = page(
  [
    {
      id: 77,
      action: 'application.change_status',
      entity_type: 'application',
      entity_id: '310',
      at: '2026-11-22T10:00:00Z',
      ip: '10.0.4.17',
      actor_id: 42,
      actor_name: 'Drita Berisha',
      details: { before: { status: 'submitted', priority: 'normal' }, after: { status: 'in_review', priority: 'normal' } },
    },
  ],
  45,
);
