import { hasPermission, type PermissionName, type PermissionSubject } from '../auth/permissions';
import { SERVICE_TYPES, type ServiceType } from '../constants';
import { APPLICATION_STATUSES, CLOSED_STATUSES, type ApplicationStatus } from './application-status';

// The application workflow (shared/design/workflow.md) as one table. The server enforces it, the
// renderer offers what it allows, docs/workflow.md is generated from it (scripts/workflow-doc.ts).

export const ACTION_NAMES = [
  'request_payment',
  'skip_payment',
  'mark_paid',
  'approve_exemption',
  'reject_exemption',
  'start_work',
  'update_status',
  'move_to_council',
  'auto_assign_council',
  'start_council_review',
  'record_council_decision',
  'prepare_decision',
  'approve',
  'reject',
  'send_back',
  'reject_suspicious',
  'grant_recognition',
  'deny_recognition',
  'request_inspectorate',
  'inspectorate_approve',
  'inspectorate_reject',
  'submit_verdict',
  'issue_verification_document',
  'answer_request',
  'decline_request',
  'put_on_hold',
  'resume',
  'archive',
  'invalidate',
  'assign_officer',
  'add_note',
  'approve_document',
  'reject_document',
] as const;
export type ActionName = (typeof ACTION_NAMES)[number];

/**
 * transition: changes the status, allowed where the transition table says;
 * flag: sets archived or invalidated, status unchanged;
 * record: changes no status (assignments, notes, document reviews).
 */
export type ActionKind = 'transition' | 'flag' | 'record';
export type NotesRule = 'required' | 'optional';

/** Work an action does inside the same transaction as its status change. */
export const SIDE_EFFECTS = [
  'notify_applicant',
  'notify_applicant_if_waiting',
  'open_payment',
  'record_payment',
  'exempt_payment',
  'assign_council',
  'auto_assign_council',
  'open_council_review',
  'record_council_decision',
  'prepare_recognition_decision',
  'approve_recognition_decision',
  'record_recognition_decision',
  'record_decision',
  'record_inspectorate_verification',
  'issue_recognition_certificate',
  'issue_recognition_statement',
  'issue_verification_document',
  'issue_decision_pdf',
  'remember_previous_status',
  'restore_previous_status',
  'set_archived',
  'set_invalidated',
  'revoke_issued_documents',
  'assign_officer',
  'append_note',
  'review_document',
] as const;
export type SideEffect = (typeof SIDE_EFFECTS)[number];

/** Conditions read from the application's service configuration. */
export type ServiceCondition = 'fee_enabled' | 'fee_disabled' | 'exemption_allowed';

export interface WorkflowAction {
  name: ActionName;
  kind: ActionKind;
  /** The user needs any one of these. */
  permissions: readonly PermissionName[];
  notes: NotesRule;
  /** English text of the refusal when required notes are missing (translated by key in the UI). */
  notesRequiredMessage?: string;
  effects: readonly SideEffect[];
  conditions?: readonly ServiceCondition[];
  /** flag and record actions: the statuses they apply in ('any' = every status). */
  appliesIn?: readonly ApplicationStatus[] | 'any';
  /** flag and record actions: refused once the application carries this flag. */
  refusedWhen?: readonly ('archived' | 'invalidated')[];
}

/** `to` of the resume action: the status the application held before it was put on hold. */
export const PREVIOUS_STATUS = 'previous_status';
export type TransitionTarget = ApplicationStatus | typeof PREVIOUS_STATUS;

export interface Transition {
  service: ServiceType;
  action: ActionName;
  from: ApplicationStatus;
  to: TransitionTarget;
}

export const DEFAULT_NOTES_REQUIRED_MESSAGE = 'Notes are required for this action.';

const OPEN_STATUSES = APPLICATION_STATUSES.filter((s) => !CLOSED_STATUSES.includes(s));

const action = (a: WorkflowAction): WorkflowAction => a;

export const WORKFLOW_ACTIONS: Readonly<Record<ActionName, WorkflowAction>> = {
  request_payment: action({ name: 'request_payment', kind: 'transition', permissions: ['applications.change_status'], notes: 'optional', effects: ['open_payment', 'notify_applicant'], conditions: ['fee_enabled'] }),
  skip_payment: action({ name: 'skip_payment', kind: 'transition', permissions: ['applications.change_status'], notes: 'optional', effects: [], conditions: ['fee_disabled'] }),
  mark_paid: action({ name: 'mark_paid', kind: 'transition', permissions: ['payments.mark_paid'], notes: 'optional', effects: ['record_payment', 'notify_applicant'] }),
  approve_exemption: action({ name: 'approve_exemption', kind: 'transition', permissions: ['payments.review_exemption'], notes: 'optional', effects: ['exempt_payment', 'notify_applicant'], conditions: ['exemption_allowed'] }),
  reject_exemption: action({
    name: 'reject_exemption',
    kind: 'transition',
    permissions: ['payments.review_exemption'],
    notes: 'required',
    notesRequiredMessage: 'Review notes are required when rejecting exemption requests',
    effects: ['notify_applicant'],
    conditions: ['exemption_allowed'],
  }),
  start_work: action({ name: 'start_work', kind: 'transition', permissions: ['applications.change_status'], notes: 'optional', effects: [] }),
  update_status: action({ name: 'update_status', kind: 'transition', permissions: ['applications.change_status'], notes: 'optional', effects: ['notify_applicant_if_waiting'] }),
  move_to_council: action({ name: 'move_to_council', kind: 'transition', permissions: ['applications.assign_council'], notes: 'optional', effects: ['assign_council'] }),
  auto_assign_council: action({ name: 'auto_assign_council', kind: 'transition', permissions: ['applications.assign_council'], notes: 'optional', effects: ['auto_assign_council'] }),
  // A council member opens and decides the review; an officer may record it on the council's behalf.
  start_council_review: action({ name: 'start_council_review', kind: 'transition', permissions: ['councils.review_application', 'applications.change_status'], notes: 'optional', effects: ['open_council_review'] }),
  record_council_decision: action({
    name: 'record_council_decision',
    kind: 'transition',
    permissions: ['councils.review_application', 'applications.change_status'],
    notes: 'required',
    notesRequiredMessage: "The council's comments are required to record its decision.",
    effects: ['record_council_decision'],
  }),
  prepare_decision: action({ name: 'prepare_decision', kind: 'transition', permissions: ['applications.prepare_decision'], notes: 'optional', effects: ['prepare_recognition_decision'] }),
  // The agency officer approves the prepared decision: `approve` a recognising outcome (it issues the
  // recognition statement), `reject` a non-recognition. Every approved decision has its decision PDF.
  approve: action({ name: 'approve', kind: 'transition', permissions: ['applications.decide_application'], notes: 'optional', effects: ['approve_recognition_decision', 'record_decision', 'issue_recognition_statement', 'issue_decision_pdf', 'notify_applicant'] }),
  reject: action({ name: 'reject', kind: 'transition', permissions: ['applications.decide_application'], notes: 'optional', effects: ['approve_recognition_decision', 'record_decision', 'issue_decision_pdf', 'notify_applicant'] }),
  send_back: action({ name: 'send_back', kind: 'transition', permissions: ['applications.decide_application'], notes: 'required', effects: [] }),
  reject_suspicious: action({ name: 'reject_suspicious', kind: 'transition', permissions: ['applications.change_status'], notes: 'required', effects: ['record_decision', 'notify_applicant'] }),
  grant_recognition: action({ name: 'grant_recognition', kind: 'transition', permissions: ['applications.issue_document'], notes: 'optional', effects: ['record_recognition_decision', 'record_decision', 'issue_recognition_certificate', 'issue_decision_pdf', 'notify_applicant'] }),
  deny_recognition: action({ name: 'deny_recognition', kind: 'transition', permissions: ['applications.change_status'], notes: 'optional', effects: ['record_recognition_decision', 'record_decision', 'issue_decision_pdf', 'notify_applicant'] }),
  request_inspectorate: action({ name: 'request_inspectorate', kind: 'transition', permissions: ['applications.change_status'], notes: 'optional', effects: [] }),
  inspectorate_approve: action({ name: 'inspectorate_approve', kind: 'transition', permissions: ['inspectorate.decide_verification'], notes: 'optional', effects: ['record_inspectorate_verification'] }),
  inspectorate_reject: action({ name: 'inspectorate_reject', kind: 'transition', permissions: ['inspectorate.decide_verification'], notes: 'required', effects: ['record_inspectorate_verification'] }),
  submit_verdict: action({ name: 'submit_verdict', kind: 'transition', permissions: ['applications.issue_document'], notes: 'optional', effects: ['record_decision', 'issue_verification_document', 'notify_applicant'] }),
  issue_verification_document: action({ name: 'issue_verification_document', kind: 'transition', permissions: ['applications.issue_document'], notes: 'optional', effects: ['record_decision', 'issue_verification_document', 'notify_applicant'] }),
  answer_request: action({ name: 'answer_request', kind: 'transition', permissions: ['applications.issue_document'], notes: 'optional', effects: ['record_decision', 'notify_applicant'] }),
  decline_request: action({ name: 'decline_request', kind: 'transition', permissions: ['applications.change_status'], notes: 'required', effects: ['record_decision', 'notify_applicant'] }),
  put_on_hold: action({ name: 'put_on_hold', kind: 'transition', permissions: ['applications.change_status'], notes: 'optional', effects: ['remember_previous_status'] }),
  resume: action({ name: 'resume', kind: 'transition', permissions: ['applications.change_status'], notes: 'optional', effects: ['restore_previous_status'] }),
  archive: action({ name: 'archive', kind: 'flag', permissions: ['applications.archive_application'], notes: 'optional', effects: ['set_archived'], appliesIn: CLOSED_STATUSES, refusedWhen: ['archived'] }),
  invalidate: action({
    name: 'invalidate',
    kind: 'flag',
    permissions: ['applications.invalidate_application'],
    notes: 'required',
    notesRequiredMessage: 'A reason is required to invalidate an application.',
    effects: ['set_invalidated', 'revoke_issued_documents', 'notify_applicant'],
    appliesIn: ['approved', 'pre_university_recognition'],
    refusedWhen: ['invalidated'],
  }),
  assign_officer: action({ name: 'assign_officer', kind: 'record', permissions: ['applications.change_application'], notes: 'optional', effects: ['assign_officer'], appliesIn: 'any', refusedWhen: ['archived'] }),
  add_note: action({ name: 'add_note', kind: 'record', permissions: ['applications.change_application'], notes: 'required', effects: ['append_note'], appliesIn: 'any' }),
  approve_document: action({ name: 'approve_document', kind: 'record', permissions: ['documents.verify_document'], notes: 'optional', effects: ['review_document'], appliesIn: OPEN_STATUSES, refusedWhen: ['archived'] }),
  reject_document: action({ name: 'reject_document', kind: 'record', permissions: ['documents.verify_document'], notes: 'required', effects: ['review_document'], appliesIn: OPEN_STATUSES, refusedWhen: ['archived'] }),
};

/** The first status of the work proper, per service (after payment or its skip). */
export const FIRST_WORK_STATUS: Readonly<Record<ServiceType, ApplicationStatus>> = {
  1: 'document_verification',
  2: 'document_verification',
  3: 'in_review',
  4: 'in_review',
  5: 'processing',
};

function edges(
  services: readonly ServiceType[],
  name: ActionName,
  from: readonly ApplicationStatus[],
  to: readonly TransitionTarget[],
): Transition[] {
  return services.flatMap((service) => from.flatMap((f) => to.map((t) => ({ service, action: name, from: f, to: t }))));
}

const PAID: readonly ApplicationStatus[] = ['payment_completed', 'payment_exempted'];
const WAITING: readonly ApplicationStatus[] = ['needs_clarification', 'additional_info_required'];

function intake(): Transition[] {
  return SERVICE_TYPES.flatMap((s) => [
    ...edges([s], 'request_payment', ['submitted'], ['payment_pending']),
    ...edges([s], 'skip_payment', ['submitted'], [FIRST_WORK_STATUS[s]]),
    ...edges([s], 'mark_paid', ['payment_pending'], ['payment_completed']),
    ...edges([s], 'approve_exemption', ['payment_pending'], ['payment_exempted']),
    ...edges([s], 'reject_exemption', ['payment_pending'], ['payment_pending']),
    ...edges([s], 'start_work', PAID, [FIRST_WORK_STATUS[s]]),
  ]);
}

function holdAndResume(): Transition[] {
  const holdable = OPEN_STATUSES.filter((s) => s !== 'pending');
  return [...edges(SERVICE_TYPES, 'put_on_hold', holdable, ['pending']), ...edges(SERVICE_TYPES, 'resume', ['pending'], [PREVIOUS_STATUS])];
}

export const TRANSITIONS: readonly Transition[] = [
  ...intake(),
  // Service 1: recognition of university or professional diplomas.
  ...edges([1], 'update_status', ['document_verification'], ['originality_verified', 'suspicious', 'needs_clarification', 'additional_info_required']),
  ...edges([1], 'update_status', WAITING, ['document_verification']),
  ...edges([1], 'move_to_council', ['originality_verified'], ['council_assigned']),
  ...edges([1], 'auto_assign_council', ['originality_verified'], ['council_assigned']),
  ...edges([1], 'start_council_review', ['council_assigned'], ['council_review']),
  ...edges([1], 'record_council_decision', ['council_review'], ['assessment_completed']),
  ...edges([1], 'prepare_decision', ['assessment_completed'], ['decision_pending']),
  ...edges([1], 'approve', ['decision_pending'], ['approved']),
  ...edges([1], 'reject', ['decision_pending'], ['rejected']),
  ...edges([1], 'send_back', ['decision_pending'], ['assessment_completed']),
  ...edges([1], 'reject_suspicious', ['suspicious'], ['rejected']),
  // Service 2: recognition of pre-university diplomas.
  ...edges([2], 'update_status', ['document_verification'], ['in_review']),
  ...edges([2], 'update_status', ['in_review'], WAITING),
  ...edges([2], 'update_status', WAITING, ['in_review']),
  ...edges([2], 'grant_recognition', ['in_review'], ['pre_university_recognition']),
  ...edges([2], 'deny_recognition', ['in_review'], ['pre_university_non_recognition']),
  // Service 3: verification of Kosovo diplomas.
  ...edges([3], 'request_inspectorate', ['in_review'], ['inspectorate_pending']),
  ...edges([3], 'inspectorate_approve', ['inspectorate_pending'], ['inspectorate_verified']),
  ...edges([3], 'inspectorate_reject', ['inspectorate_pending'], ['inspectorate_rejected']),
  ...edges([3], 'update_status', ['in_review', 'inspectorate_verified'], ['original', 'verified', 'suspicious']),
  ...edges([3], 'submit_verdict', ['original', 'verified'], ['approved']),
  ...edges([3], 'reject_suspicious', ['suspicious', 'inspectorate_rejected'], ['rejected']),
  // Service 4: verification documents for studies abroad.
  ...edges([4], 'update_status', ['in_review'], ['verified', 'suspicious', 'needs_clarification']),
  ...edges([4], 'update_status', ['needs_clarification'], ['in_review']),
  ...edges([4], 'issue_verification_document', ['verified'], ['approved']),
  ...edges([4], 'reject_suspicious', ['suspicious'], ['rejected']),
  // Service 5: academic information requests.
  ...edges([5], 'answer_request', ['processing'], ['approved']),
  ...edges([5], 'decline_request', ['processing'], ['rejected']),
  ...holdAndResume(),
];

/** What the workflow reads of an application. */
export interface WorkflowSubject {
  service_type: ServiceType;
  status: ApplicationStatus;
  archived: boolean;
  invalidated: boolean;
}

/** What the workflow reads of the application's service. */
export interface ServicePolicy {
  fee_enabled: boolean;
  fee_exemption_allowed: boolean;
}

export interface AllowedMove {
  action: ActionName;
  /** The new status (transitions), or null when the status does not change (flag and record actions). */
  to: TransitionTarget | null;
  notes: NotesRule;
}

function conditionsHold(definition: WorkflowAction, policy: ServicePolicy): boolean {
  return (definition.conditions ?? []).every((condition) => {
    if (condition === 'fee_enabled') return policy.fee_enabled;
    if (condition === 'fee_disabled') return !policy.fee_enabled;
    return policy.fee_exemption_allowed;
  });
}

function appliesTo(definition: WorkflowAction, subject: WorkflowSubject): boolean {
  const appliesIn = definition.appliesIn ?? 'any';
  const inStatus = appliesIn === 'any' || appliesIn.includes(subject.status);
  const refused = (definition.refusedWhen ?? []).some((flag) => subject[flag]);
  return inStatus && !refused;
}

/** Every move the workflow allows now, whoever asks. Archived applications take no transition. */
export function allowedMoves(subject: WorkflowSubject, policy: ServicePolicy): AllowedMove[] {
  const moves: AllowedMove[] = [];
  if (!subject.archived && !subject.invalidated) {
    for (const t of TRANSITIONS) {
      if (t.service !== subject.service_type || t.from !== subject.status) continue;
      const definition = WORKFLOW_ACTIONS[t.action];
      if (conditionsHold(definition, policy)) moves.push({ action: t.action, to: t.to, notes: definition.notes });
    }
  }
  for (const definition of Object.values(WORKFLOW_ACTIONS)) {
    if (definition.kind !== 'transition' && appliesTo(definition, subject)) {
      moves.push({ action: definition.name, to: null, notes: definition.notes });
    }
  }
  return moves;
}

export function mayPerform(user: PermissionSubject | null | undefined, name: ActionName): boolean {
  return WORKFLOW_ACTIONS[name].permissions.some((permission) => hasPermission(user, permission));
}

/** The moves allowed now for this user (the renderer shows exactly these). */
export function movesFor(
  user: PermissionSubject | null | undefined,
  subject: WorkflowSubject,
  policy: ServicePolicy,
): AllowedMove[] {
  return allowedMoves(subject, policy).filter((move) => mayPerform(user, move.action));
}

/** The move an action request stands for, if the workflow allows it now. `to` picks among update_status targets. */
export function findMove(
  subject: WorkflowSubject,
  policy: ServicePolicy,
  name: ActionName,
  to?: ApplicationStatus,
): AllowedMove | undefined {
  return allowedMoves(subject, policy).find((move) => move.action === name && (to === undefined || move.to === to));
}

export function notesRequiredMessage(name: ActionName): string {
  return WORKFLOW_ACTIONS[name].notesRequiredMessage ?? DEFAULT_NOTES_REQUIRED_MESSAGE;
}

/** The refusal (shared/refusals.ts) of an action's missing notes: its own words where the action has them. */
const NOTES_REQUIRED_REFUSALS = {
  reject_exemption: 'notes_required_exemption',
  record_council_decision: 'notes_required_council',
  invalidate: 'notes_required_invalidate',
} as const satisfies Partial<Record<ActionName, string>>;
export type NotesRequiredRefusal = (typeof NOTES_REQUIRED_REFUSALS)[keyof typeof NOTES_REQUIRED_REFUSALS] | 'notes_required';

export function notesRequiredRefusal(name: ActionName): NotesRequiredRefusal {
  return Object.hasOwn(NOTES_REQUIRED_REFUSALS, name) ? NOTES_REQUIRED_REFUSALS[name as keyof typeof NOTES_REQUIRED_REFUSALS] : 'notes_required';
}

/** URL segment of an action's endpoint: `/applications/{id}/<segment>/`. */
export function actionPathSegment(name: ActionName): string {
  return name.replaceAll('_', '-');
}
