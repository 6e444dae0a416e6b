import type { DeadlineType, ServiceCategory } from '../constants';
import { APPLICATION_STATUSES, CLOSED_STATUSES, type ApplicationStatus } from './application-status';

// When each of the eight deadline types (spec §9) runs on an application, who owes the work, and
// when its clock stops. A deadline starts when the application enters a status of its stage, stops
// (pauses) while the application waits on the applicant, resumes when it comes back, and is over
// once the application reaches a status outside the stage. Decided here (the spec
// gives the types, not their stages); docs/api.md "Deadlines" says the same in words.

/**
 * The applicant owes us something: payment pending, needs clarification, additional information
 * required (application-status.ts). The centre's clocks stop in these statuses.
 */
export const APPLICANT_WAIT_STATUSES: readonly ApplicationStatus[] = ['payment_pending', 'needs_clarification', 'additional_info_required'];

/** Put on hold (`pending`) is the centre's own choice: a running clock neither stops nor ends there. */
export const ON_HOLD_STATUS: ApplicationStatus = 'pending';

/** Who must act before the deadline: the applicant's clocks never pause for the applicant. */
export type DeadlineOwner = 'applicant' | 'centre';

const OPEN_WORK_STATUSES = APPLICATION_STATUSES.filter(
  (status) => !CLOSED_STATUSES.includes(status) && !APPLICANT_WAIT_STATUSES.includes(status) && status !== ON_HOLD_STATUS,
);

type StagesByCategory = Record<ServiceCategory, readonly ApplicationStatus[]>;
const everyCategory = (statuses: readonly ApplicationStatus[]): StagesByCategory => ({
  higher_education: statuses,
  pre_university: statuses,
  kosovo_verification: statuses,
  abroad_verification: statuses,
  academic_information: statuses,
});

interface StageDefinition {
  owner: DeadlineOwner;
  /** Statuses in which the clock runs, per service category (empty: the type does not apply). */
  runsIn: StagesByCategory;
  /** Whether the clock stops in APPLICANT_WAIT_STATUSES (a centre clock that can see them). */
  pauses: boolean;
  /** The clock counts from the application's submission rather than from the moment it is started. */
  countsFromSubmission: boolean;
}

export const DEADLINE_STAGES: Record<DeadlineType, StageDefinition> = {
  // The centre registers a submitted application: asks for the fee or starts the work.
  application_submission: { owner: 'centre', runsIn: everyCategory(['submitted']), pauses: false, countsFromSubmission: true },
  fee_payment: { owner: 'applicant', runsIn: everyCategory(['payment_pending']), pauses: false, countsFromSubmission: false },
  // The applicant sends what was asked for (clarification, additional information).
  document_upload: {
    owner: 'applicant',
    runsIn: everyCategory(['needs_clarification', 'additional_info_required']),
    pauses: false,
    countsFromSubmission: false,
  },
  document_verification: {
    owner: 'centre',
    runsIn: {
      higher_education: ['document_verification'],
      pre_university: ['document_verification'],
      kosovo_verification: ['in_review', 'inspectorate_pending', 'inspectorate_verified'],
      abroad_verification: ['in_review'],
      academic_information: [],
    },
    pauses: true,
    countsFromSubmission: false,
  },
  administrative_review: {
    owner: 'centre',
    runsIn: {
      higher_education: ['originality_verified'],
      pre_university: ['in_review'],
      kosovo_verification: ['original', 'verified', 'suspicious', 'inspectorate_rejected'],
      abroad_verification: ['verified', 'suspicious'],
      academic_information: ['processing'],
    },
    pauses: true,
    countsFromSubmission: false,
  },
  // The council's review: its due date is the application's review due date.
  council_review: {
    owner: 'centre',
    runsIn: { ...everyCategory([]), higher_education: ['council_assigned', 'council_review'] },
    pauses: true,
    countsFromSubmission: false,
  },
  final_decision: {
    owner: 'centre',
    runsIn: {
      higher_education: ['assessment_completed', 'decision_pending'],
      pre_university: ['in_review'],
      kosovo_verification: ['original', 'verified'],
      abroad_verification: ['verified'],
      academic_information: ['processing'],
    },
    pauses: true,
    countsFromSubmission: false,
  },
  // An appeal's review runs on the appeal, not on a status of its application: the appeal takes
  // its due date from the configuration (server/appeal-deadline.ts) and no application clock runs.
  appeal_review: { owner: 'centre', runsIn: everyCategory([]), pauses: false, countsFromSubmission: false },
  // A confirmation request's reminder day: counted from the day the request went to the issuing
  // institution (server/modules/confirmation-requests), no application clock of its own.
  authenticity_confirmation: { owner: 'centre', runsIn: everyCategory([]), pauses: false, countsFromSubmission: false },
  // The whole service, from submission to a closed status: its due date is the application's deadline.
  service_completion: { owner: 'centre', runsIn: everyCategory(OPEN_WORK_STATUSES), pauses: true, countsFromSubmission: true },
};

/** The deadline type whose due date is the application's `deadline`, and the one behind `review_due_date`. */
export const APPLICATION_DEADLINE_TYPE: DeadlineType = 'service_completion';
export const REVIEW_DUE_DEADLINE_TYPE: DeadlineType = 'council_review';

export function runsIn(type: DeadlineType, category: ServiceCategory, status: ApplicationStatus): boolean {
  return DEADLINE_STAGES[type].runsIn[category].includes(status);
}

/** Whether a running clock of this type stops while the application is in `status`. */
export function pausesIn(type: DeadlineType, status: ApplicationStatus): boolean {
  return DEADLINE_STAGES[type].pauses && APPLICANT_WAIT_STATUSES.includes(status);
}

/** What happens to a running deadline when its application moves to `status`. */
export type DeadlineMove = 'run' | 'pause' | 'keep' | 'end';

export function deadlineMove(type: DeadlineType, category: ServiceCategory, status: ApplicationStatus): DeadlineMove {
  if (status === ON_HOLD_STATUS) return 'keep';
  if (runsIn(type, category, status)) return 'run';
  if (pausesIn(type, status)) return 'pause';
  return 'end';
}

/**
 * Conditions a conditional deadline may carry: a closed set the server can decide from the
 * application and its service when the stage starts.
 */
export const DEADLINE_CONDITIONS = [
  /** The service charges a fee (services.fee_enabled). */
  'fee_enabled',
  /** The service lets the applicant ask for an exemption (services.fee_exemption_allowed). */
  'fee_exemption_allowed',
  /** The service goes to an expert council (services.council_required). */
  'council_required',
  /** The application lacks required documents (applications.incomplete). */
  'documents_incomplete',
  /** The inspectorate was asked to verify (service 3, status inspectorate_pending or later). */
  'inspectorate_requested',
] as const;
export type DeadlineCondition = (typeof DEADLINE_CONDITIONS)[number];

export interface ConditionFacts {
  fee_enabled: boolean;
  fee_exemption_allowed: boolean;
  council_required: boolean;
  incomplete: boolean;
  status: ApplicationStatus;
}

const INSPECTORATE_STATUSES: readonly ApplicationStatus[] = ['inspectorate_pending', 'inspectorate_verified', 'inspectorate_rejected'];

export function conditionHolds(condition: DeadlineCondition, facts: ConditionFacts): boolean {
  switch (condition) {
    case 'fee_enabled':
      return facts.fee_enabled;
    case 'fee_exemption_allowed':
      return facts.fee_exemption_allowed;
    case 'council_required':
      return facts.council_required;
    case 'documents_incomplete':
      return facts.incomplete;
    case 'inspectorate_requested':
      return INSPECTORATE_STATUSES.includes(facts.status);
  }
}
