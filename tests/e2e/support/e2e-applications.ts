import type { ServiceType } from '../../../src/shared/constants';
import type { DemoFixture } from '../../../src/server/db/demo-applications';
import { DEMO_COUNCILS } from '../../../src/server/db/demo-councils';
import type { E2eShell } from './e2e-accounts';

// The end-to-end tests' own applications, created in every e2e database by scripts/e2e-seed.mjs
// next to the demo caseload: one per purpose, project and attempt, so a test that moves an
// application never meets one another test (or its own earlier attempt) already moved.

export type E2eApplicationPurpose = 'walk' | 'stale' | 'inspect' | 'verdict' | 'council' | 'statement' | 'cashier' | 'decision' | 'appeal' | 'precedent';

const ATTEMPTS = 3;
const SHELLS: readonly E2eShell[] = ['web', 'desktop'];
// Surnames the demo generator never uses, so a search finds exactly one application.
const SURNAMES: Record<E2eApplicationPurpose, Record<E2eShell, readonly string[]>> = {
  walk: { web: ['Dobruna', 'Zymberi', 'Rugova'], desktop: ['Kabashi', 'Qorraj', 'Bajraktari'] },
  stale: { web: ['Tahiri', 'Fejza', 'Ukaj'], desktop: ['Vitia', 'Zeka', 'Jashari'] },
  inspect: { web: ['Sejdiu', 'Limani', 'Bislimi'], desktop: ['Haliti', 'Prekazi', 'Kryeziu'] },
  verdict: { web: ['Ramadani', 'Osmani', 'Gjinolli'], desktop: ['Loshaj', 'Sadiku', 'Haxhiu'] },
  council: { web: ['Dardani', 'Kastrioti', 'Ilirjani'], desktop: ['Skenderaj', 'Drenica', 'Rrafshi'] },
  statement: { web: ['Berbati', 'Nimani', 'Pllana'], desktop: ['Vokshi', 'Gjergjaj', 'Kuqi'] },
  cashier: { web: ['Deda', 'Koliqi', 'Mjeku'], desktop: ['Rexha', 'Marku', 'Gjonaj'] },
  decision: { web: ['Bujupi', 'Gjocaj', 'Hajdari'], desktop: ['Nuhiu', 'Pacolli', 'Sylejmani'] },
  appeal: { web: ['Zogaj', 'Hysenaj', 'Selimaj'], desktop: ['Kurtaj', 'Gecaj', 'Ndrecaj'] },
  precedent: { web: ['Bexheti', 'Gjikolli', 'Zhubi'], desktop: ['Ukimeraj', 'Qerkini', 'Vranovci'] },
};

const SERVICE_3_IN_REVIEW: DemoFixture['steps'] = [{ action: 'request_payment' }, { action: 'mark_paid' }, { action: 'start_work' }];

const PLAN: Record<E2eApplicationPurpose, { service: ServiceType; firstName: string; steps: DemoFixture['steps']; number: number; council?: string }> = {
  // Service 1, paid: the officer walks it to decision pending, the agency approves it.
  walk: { service: 1, firstName: 'Arbnora', steps: [{ action: 'request_payment' }, { action: 'mark_paid' }], number: 1 },
  // Service 4 under review: changed behind the officer's back to prove the stale-version message.
  stale: { service: 4, firstName: 'Drilon', steps: [{ action: 'request_payment' }, { action: 'mark_paid' }, { action: 'start_work' }], number: 2 },
  // Service 3 waiting for the inspectorate: the inspector uploads the PDF and approves, the officer previews it.
  inspect: { service: 3, firstName: 'Besa', steps: [...SERVICE_3_IN_REVIEW, { action: 'request_inspectorate' }], number: 3 },
  // Service 3 verified: the officer writes the verdict, submits it, and the verification document is issued.
  verdict: { service: 3, firstName: 'Fitore', steps: [...SERVICE_3_IN_REVIEW, { action: 'update_status', to: 'verified', notes: 'The registry confirms the diploma.' }], number: 4 },
  // Service 1, originality verified: the officer sends it to the medical council, an evaluator reviews it, the council decides.
  council: {
    service: 1,
    firstName: 'Lumnije',
    steps: [{ action: 'request_payment' }, { action: 'mark_paid' }, { action: 'start_work' }, { action: 'update_status', to: 'originality_verified', notes: 'Confirmed with the issuing university.' }],
    number: 5,
  },
  // Service 1 waiting for its fee: a payment officer imports a bank statement that pays it.
  statement: { service: 1, firstName: 'Valbona', steps: [{ action: 'request_payment' }], number: 6 },
  // Service 4 waiting for its fee: paid at the counter, marked paid from the payment's details.
  cashier: { service: 4, firstName: 'Gentiana', steps: [{ action: 'request_payment' }], number: 7 },
  // Service 1, assessed by its council: the officer builds the structured decision, the agency approves it.
  decision: {
    service: 1,
    firstName: 'Mimoza',
    steps: [
      { action: 'request_payment' },
      { action: 'mark_paid' },
      { action: 'start_work' },
      { action: 'update_status', to: 'originality_verified', notes: 'Confirmed with the issuing university.' },
      { action: 'move_to_council' },
      { action: 'start_council_review' },
      { action: 'record_council_decision', notes: 'The programme is shorter than a Kosovo master; recognise it for employment.' },
    ],
    number: 8,
  },
  // Service 2 under review: the officer grants it, the applicant appeals, another council changes the decision.
  appeal: {
    service: 2,
    firstName: 'Teuta',
    steps: [{ action: 'request_payment' }, { action: 'mark_paid' }, { action: 'start_work' }, { action: 'update_status', to: 'in_review', notes: 'The documents are complete.' }],
    number: 9,
  },
  // The same, for the decisions register: the officer cites a precedent in the decision, and its
  // appeal goes to another council than the one that reviewed it (the demo member's).
  precedent: {
    service: 1,
    council: DEMO_COUNCILS[1]!.name,
    firstName: 'Shqipe',
    steps: [
      { action: 'request_payment' },
      { action: 'mark_paid' },
      { action: 'start_work' },
      { action: 'update_status', to: 'originality_verified', notes: 'Confirmed with the issuing university.' },
      { action: 'move_to_council' },
      { action: 'start_council_review' },
      { action: 'record_council_decision', notes: 'Recognise it as the earlier decisions on the programme did.' },
    ],
    number: 10,
  },
};

export interface E2eApplication extends DemoFixture {
  purpose: E2eApplicationPurpose;
  shell: E2eShell;
  attempt: number;
  fullName: string;
}

export function e2eApplication(purpose: E2eApplicationPurpose, shell: E2eShell, attempt: number): E2eApplication {
  if (attempt >= ATTEMPTS) throw new Error(`No e2e application for attempt ${attempt + 1}: scripts/e2e-seed.mjs creates ${ATTEMPTS}.`);
  const plan = PLAN[purpose];
  const lastName = SURNAMES[purpose][shell][attempt]!;
  const shellDigit = shell === 'web' ? 1 : 2;
  return {
    purpose,
    shell,
    attempt,
    reference: `NARIC-2026-95${shellDigit}${attempt}${String(plan.number).padStart(2, '0')}`,
    service: plan.service,
    first_name: plan.firstName,
    last_name: lastName,
    fullName: `${plan.firstName} ${lastName}`,
    steps: plan.steps,
    ...(plan.council ? { council: plan.council } : {}),
    assigned: false,
  };
}

export function allE2eApplications(): E2eApplication[] {
  return (Object.keys(PLAN) as E2eApplicationPurpose[]).flatMap((purpose) =>
    SHELLS.flatMap((shell) => Array.from({ length: ATTEMPTS }, (_, attempt) => e2eApplication(purpose, shell, attempt))),
  );
}
