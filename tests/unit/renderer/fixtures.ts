import { disabledUpdateState } from '../../../src/shared/ipc/update-contract';
import type { ApplicationDetail, ApplicationListItem } from '../../../src/shared/api/applications';
import type { User } from '../../../src/shared/api/auth';
import { GROUPS } from '../../../src/shared/auth/permissions';
import type { NaricBridge } from '../../../src/shared/bridge';
import type { Session } from '../../../src/shared/ipc/contract';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'ana.krasniqi',
    email: 'ana.krasniqi@example.org',
    is_superuser: false,
    is_staff: true,
    is_active: true,
    groups: [],
    permissions: [],
    auth_source: 'local',
    full_name: 'Ana Krasniqi',
    first_name: 'Ana',
    last_name: 'Krasniqi',
    phone: null,
    country: null,
    address: null,
    personal_id: null,
    date_of_birth: null,
    gender: 'not_specified',
    email_verified: true,
    two_factor_enabled: false,
    two_factor_method: null,
    last_login: null,
    date_joined: '2025-01-15T09:00:00Z',
    ...overrides,
  };
}

/** The user kinds the guard must tell apart (spec §2, §6). */
export const USER_KINDS = {
  superuser: makeUser({ username: 'root', is_superuser: true, permissions: [] }),
  naricAdmin: makeUser({ username: 'admin', groups: [GROUPS.naricAdministrators], permissions: [] }),
  officer: makeUser({
    username: 'officer',
    groups: [GROUPS.naricOfficers],
    permissions: ['applications.view_application', 'documents.view_document', 'payments.view_payment', 'reports.view_reports'],
  }),
  councilMember: makeUser({
    username: 'council',
    groups: [GROUPS.councilMembers],
    permissions: ['councils.view_council', 'councils.review_application', 'applications.view_application'],
  }),
  councilMemberAdmin: makeUser({
    username: 'council.admin',
    groups: [GROUPS.councilMembers, GROUPS.administrators],
    permissions: ['councils.view_council', 'councils.review_application'],
  }),
} as const;

export function makeSession(user: User = makeUser(), access = 'access-1'): Session {
  return { user, access, persistence: 'memory' };
}

/** A bridge whose every call fails loudly unless the test gives it an answer. */
export function fakeBridge(overrides: { [K in keyof NaricBridge]?: Partial<NaricBridge[K]> } = {}): NaricBridge {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected bridge call ${name}`));
  const base: NaricBridge = {
    app: { info: unexpected('app.info') },
    settings: { get: unexpected('settings.get'), set: unexpected('settings.set') },
    system: { health: unexpected('system.health') },
    auth: {
      restore: unexpected('auth.restore'),
      login: unexpected('auth.login'),
      verifyTwoFactor: unexpected('auth.verifyTwoFactor'),
      setupTwoFactor: unexpected('auth.setupTwoFactor'),
      confirmTwoFactor: unexpected('auth.confirmTwoFactor'),
      refresh: unexpected('auth.refresh'),
      changePassword: unexpected('auth.changePassword'),
      logout: unexpected('auth.logout'),
    },
    external: { open: unexpected('external.open') },
    transfer: {
      limits: unexpected('transfer.limits'),
      choosePdf: unexpected('transfer.choosePdf'),
      dropPdf: unexpected('transfer.dropPdf'),
      upload: unexpected('transfer.upload'),
      cancel: unexpected('transfer.cancel'),
      download: unexpected('transfer.download'),
      open: unexpected('transfer.open'),
      preview: unexpected('transfer.preview'),
    },
    counter: {
      draftKey: unexpected('counter.draftKey'),
      keepAttachment: unexpected('counter.keepAttachment'),
      stageAttachment: unexpected('counter.stageAttachment'),
      readAttachment: unexpected('counter.readAttachment'),
      removeAttachment: unexpected('counter.removeAttachment'),
    },
    // The layout asks every page for the update state: by default, the web shell's answer.
    updates: {
      state: () => Promise.resolve(disabledUpdateState('0.1.0', 'browser')),
      check: unexpected('updates.check'),
      restart: unexpected('updates.restart'),
      answerRestart: unexpected('updates.answerRestart'),
      setChannel: unexpected('updates.setChannel'),
    },
    backups: { backUpNow: unexpected('backups.backUpNow'), chooseRestore: unexpected('backups.chooseRestore'), restore: unexpected('backups.restore') },
    on: () => () => {},
  };
  return {
    ...base,
    ...(overrides.on ? { on: overrides.on as NaricBridge['on'] } : {}),
    app: { ...base.app, ...overrides.app },
    settings: { ...base.settings, ...overrides.settings },
    system: { ...base.system, ...overrides.system },
    auth: { ...base.auth, ...overrides.auth },
    external: { ...base.external, ...overrides.external },
    transfer: { ...base.transfer, ...overrides.transfer },
    counter: { ...base.counter, ...overrides.counter },
    updates: { ...base.updates, ...overrides.updates },
    backups: { ...base.backups, ...overrides.backups },
  };
}

/** An application's list row, with `overrides`: the fields every list and detail test needs. */
export function makeApplicationItem(overrides: Partial<ApplicationListItem> = {}): ApplicationListItem {
  return {
    id: 42,
    reference: 'NARIC-2026-000042',
    service_type: 1,
    status: 'document_verification',
    priority: 'high',
    applicant: { id: 9, full_name: 'Arta Krasniqi', personal_id: '1234567890' },
    institution_name: 'University of Tirana',
    institution_country: 'AL',
    submitted_at: '2026-10-01T09:00:00Z',
    assigned_officer: null,
    council: null,
    deadline: '2026-11-01',
    overdue: true,
    days_in_system: 52,
    archived: false,
    invalidated: false,
    incomplete: false,
    version: 3,
    watch_flag: null,
    ...overrides,
  };
}

/** An application's detail with nothing decided, reviewed or recorded yet, then `overrides`. */
export function makeApplicationDetail(overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  const item = makeApplicationItem(overrides);
  return {
    ...item,
    applicant: { id: item.applicant.id, first_name: 'Arta', last_name: 'Krasniqi', full_name: item.applicant.full_name, email: 'arta@example.org', phone: null, personal_id: item.applicant.personal_id, date_of_birth: null, gender: 'female', country: 'XK', city: null, address: null },
    service: { id: item.service_type, name_en: 'Recognition', name_sq: '', name_sr: '', fee_enabled: true, fee_exemption_allowed: true },
    education: null,
    notes: null,
    previous_status: null,
    assigned_at: null,
    review_status: null,
    review_due_date: null,
    council_comments: null,
    review_notes: null,
    reviewed_by: null,
    review_date: null,
    academic_field_category: null,
    decision: null,
    inspectorate_document_id: null,
    inspectorate: null,
    payment: null,
    documents: [],
    application_notes: [],
    history: [],
    timeline: [],
    allowed_actions: [],
    ...overrides,
  };
}
