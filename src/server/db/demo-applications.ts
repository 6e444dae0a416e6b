import type { ServiceType } from '../../shared/constants';
import type { ApplicationStatus } from '../../shared/domain/application-status';
import { PREVIOUS_STATUS, findMove, type ActionName, type ServicePolicy } from '../../shared/domain/application-workflow';
import { DOCUMENTS_BY_SERVICE, createRandom, generateApplication, generateApplications, type GeneratedApplication, type GeneratedDocument } from './application-generator';
import { insertApplications, loadServiceContext } from './application-loader';
import type { DocumentStorage } from '../storage/document-storage';
import type { AppDatabase } from './database';
import { DEMO_COUNCILS, DEMO_MEMBER_COUNCIL } from './demo-councils';

// The demo caseload: a few hundred generated applications across the five services, plus a few
// well-known ones that the README's walkthrough and the end-to-end tests rely on:
//
//   NARIC-2026-900001  Valbona Qerimi   service 1, payment completed, unassigned (walk it to decision pending)
//   NARIC-2026-900002  Liridon Basha    service 1, council review, in the demo council member's council
//   NARIC-2026-900003  Dušan Ilić       service 3, waiting for the inspectorate
//   NARIC-2026-900004  Elira Hoti       service 4, verified (ready for its verification document)
//   NARIC-2026-900005  Gentrit Maloku   service 1, council assigned, in another council
//
// Seeded once: nothing happens when applications already exist. With a document storage, every
// demo document gets a small real PDF (demo-documents.ts), written only here, at first seed.

export const DEMO_APPLICATION_COUNT = 400;
const DEMO_SEED = 20_260_101;
const DAY_MS = 86_400_000;

interface Step {
  action: ActionName;
  to?: ApplicationStatus;
  notes?: string;
}

export interface DemoFixture {
  reference: string;
  service: ServiceType;
  first_name: string;
  last_name: string;
  steps: readonly Step[];
  council?: string;
  assigned?: boolean;
}

const PAID_SERVICE_1: readonly Step[] = [{ action: 'request_payment' }, { action: 'mark_paid' }];
const TO_COUNCIL: readonly Step[] = [
  ...PAID_SERVICE_1,
  { action: 'start_work' },
  { action: 'update_status', to: 'originality_verified', notes: 'Confirmed with the issuing university.' },
  { action: 'move_to_council' },
];

export const DEMO_FIXTURES: readonly DemoFixture[] = [
  { reference: 'NARIC-2026-900001', service: 1, first_name: 'Valbona', last_name: 'Qerimi', steps: PAID_SERVICE_1, assigned: false },
  { reference: 'NARIC-2026-900002', service: 1, first_name: 'Liridon', last_name: 'Basha', steps: [...TO_COUNCIL, { action: 'start_council_review' }], council: DEMO_MEMBER_COUNCIL },
  {
    reference: 'NARIC-2026-900003',
    service: 3,
    first_name: 'Dušan',
    last_name: 'Ilić',
    steps: [{ action: 'request_payment' }, { action: 'mark_paid' }, { action: 'start_work' }, { action: 'request_inspectorate' }],
  },
  {
    reference: 'NARIC-2026-900004',
    service: 4,
    first_name: 'Elira',
    last_name: 'Hoti',
    steps: [{ action: 'request_payment' }, { action: 'mark_paid' }, { action: 'start_work' }, { action: 'update_status', to: 'verified' }],
  },
  { reference: 'NARIC-2026-900005', service: 1, first_name: 'Gentrit', last_name: 'Maloku', steps: TO_COUNCIL, council: DEMO_COUNCILS[1]!.name },
];

/** A generated application of `service` whose history is exactly `steps` (each checked against the workflow). */
export function scriptedApplication(
  base: GeneratedApplication,
  fixture: Pick<DemoFixture, 'reference' | 'service' | 'first_name' | 'last_name' | 'steps'>,
  policy: ServicePolicy,
  now: Date,
): GeneratedApplication {
  const submitted = new Date(now.getTime() - (fixture.steps.length * 2 + 3) * DAY_MS);
  const history: GeneratedApplication['history'] = [{ action: 'submit', from_status: null, to_status: 'submitted', created_at: submitted, notes: null }];
  let status: ApplicationStatus = 'submitted';
  fixture.steps.forEach((step, index) => {
    const move = findMove({ service_type: fixture.service, status, archived: false, invalidated: false }, policy, step.action, step.to);
    if (!move || move.to === null || move.to === PREVIOUS_STATUS) throw new Error(`Demo fixture ${fixture.reference}: ${step.action} from ${status}`);
    history.push({ action: step.action, from_status: status, to_status: move.to, created_at: new Date(submitted.getTime() + (index + 1) * 2 * DAY_MS), notes: step.notes ?? null });
    status = move.to;
  });
  return {
    ...base,
    reference: fixture.reference,
    service_type: fixture.service,
    status,
    previous_status: null,
    submitted_at: submitted,
    deadline: new Date(submitted.getTime() + 60 * DAY_MS).toISOString().slice(0, 10),
    closed_at: null,
    archived: false,
    invalidated: false,
    academic_field_category: fixture.service === 1 ? (base.academic_field_category ?? 'medical_health') : base.academic_field_category,
    needs_council: history.some((entry) => entry.to_status === 'council_assigned'),
    assigned: true,
    applicant: {
      ...base.applicant,
      first_name: fixture.first_name,
      last_name: fixture.last_name,
      email: `${fixture.first_name}.${fixture.last_name}`.normalize('NFD').replace(/[^\x20-\x7e]/g, '').toLowerCase() + '@example.org',
    },
    // A complete file of the fixture's service (the walkthroughs reach the council, which decides
    // only on one), whatever the generated base came with.
    documents: DOCUMENTS_BY_SERVICE[fixture.service].map(
      (document_type): GeneratedDocument => ({
        file_name: `${document_type.replaceAll('_', '-')}.pdf`,
        kind: document_type.endsWith('translation') ? 'translation' : 'original',
        size: 240_000,
        ...base.documents.find((document) => document.document_type === document_type),
        document_type,
        status: 'pending',
        uploaded_at: new Date(submitted.getTime() + 3_600_000),
      }),
    ),
    history,
  };
}

export async function seedDemoApplications(db: AppDatabase, storage?: DocumentStorage, now = new Date()): Promise<number> {
  const existing = await db.selectFrom('applications').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const written: string[] = [];
  try {
    return await insertDemoCaseload(db, now, storage ? { storage, written } : undefined);
  } catch (error) {
    // The transaction rolls the rows back; the files it wrote go too, so a retry starts clean.
    if (storage) await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
}

async function insertDemoCaseload(db: AppDatabase, now: Date, files: { storage: DocumentStorage; written: string[] } | undefined): Promise<number> {
  const { serviceIds, fees, policies } = await loadServiceContext(db);
  const officers = await db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('username', 'in', ['officer', 'naric.admin', 'admin'])
    .orderBy('username', 'desc')
    .execute();
  const councils = await db.selectFrom('councils').select(['id', 'name_en', 'academic_field_categories']).where('active', '=', true).execute();
  const officerRefs = officers.map((o) => ({ id: o.id, name: `${o.first_name} ${o.last_name}`.trim() }));
  // The demo officer carries most of the caseload, so "assigned to me" has something to show.
  const weightedOfficers = officerRefs.flatMap((o, i) => (officers[i]!.username === 'officer' ? [o, o, o] : [o]));
  const context = {
    serviceIds,
    fees,
    officers: weightedOfficers,
    councils: councils.map((c) => ({ id: c.id, fields: c.academic_field_categories })),
    files,
  };

  const options = { seed: DEMO_SEED, now, policies };
  const caseload = [...generateApplications(DEMO_APPLICATION_COUNT, options)];
  let total = 0;
  for (let start = 0; start < caseload.length; start += 100) {
    total += (await insertApplications(db, caseload.slice(start, start + 100), context)).length;
  }

  const random = createRandom(DEMO_SEED + 1);
  for (const [index, fixture] of DEMO_FIXTURES.entries()) {
    const base = generateApplication(random, DEMO_APPLICATION_COUNT + index, options);
    const application = scriptedApplication(base, fixture, policies[fixture.service], now);
    application.assigned = fixture.assigned ?? true;
    const council = councils.find((c) => c.name_en === fixture.council);
    const fixtureContext = {
      ...context,
      officers: officerRefs.filter((o, i) => officers[i]!.username === 'officer'),
      councils: council ? [{ id: council.id, fields: council.academic_field_categories }] : context.councils,
    };
    if (council) application.academic_field_category = council.academic_field_categories[0]!;
    total += (await insertApplications(db, [application], fixtureContext)).length;
  }
  return total;
}
