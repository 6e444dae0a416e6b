import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TYPES, type ServiceType } from '../../src/shared/constants';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../src/shared/domain/application-status';
import {
  ACTION_NAMES,
  PREVIOUS_STATUS,
  allowedMoves,
  actionPathSegment,
  findMove,
  type ActionName,
  type ServicePolicy,
} from '../../src/shared/domain/application-workflow';
import { fullDecision, insertPreparedDecisions, partialDecision, seedDecisionReferences, type DecisionReferences } from '../support/decision-references';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The transition table, exhaustively, on the server: every service × status × action, on an
// application of its own, as the superuser. 200 exactly when the table allows it (with the
// table's new status), otherwise 409. Then the same for the fee-dependent intake actions with
// every service's fee settings flipped.

let server: ServerFixture;
let councilId: number;
/** The council's members: the participants of every recorded decision (at least its quorum). */
let councilMemberIds: number[];
let officerId: number;
let authorization: { authorization: string };
/** The legal reasons and national qualifications the structured recognition decisions cite. */
let refs: DecisionReferences;
let adminId: number;

beforeAll(async () => {
  server = await createServerFixture();
  councilId = (await server.db.selectFrom('councils').select('id').where('name_en', '=', 'Council for Medical and Health Sciences').executeTakeFirstOrThrow()).id;
  officerId = (await server.db.selectFrom('users').select('id').where('username', '=', 'officer').executeTakeFirstOrThrow()).id;
  authorization = await server.authorization('admin');
  refs = await seedDecisionReferences(server.db);
  adminId = (await server.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  councilMemberIds = (await server.db.selectFrom('council_members').select('user_id').where('council_id', '=', councilId).execute()).map((m) => m.user_id);
  expect(councilMemberIds.length).toBeGreaterThan(0);
  await server.db.updateTable('councils').set({ quorum: councilMemberIds.length }).where('id', '=', councilId).execute();
});
afterAll(async () => server.close());

interface Case {
  service: ServiceType;
  status: ApplicationStatus;
  action: ActionName;
  to?: ApplicationStatus;
  archived?: boolean;
  invalidated?: boolean;
}

async function policies(): Promise<Record<ServiceType, ServicePolicy & { id: number }>> {
  const rows = await server.db.selectFrom('services').select(['id', 'service_type', 'fee_enabled', 'fee_exemption_allowed']).execute();
  return Object.fromEntries(rows.map((r) => [r.service_type, { id: r.id, fee_enabled: r.fee_enabled, fee_exemption_allowed: r.fee_exemption_allowed }])) as Record<
    ServiceType,
    ServicePolicy & { id: number }
  >;
}

/** One application per case, in bulk; documents, verdicts and verification PDFs where actions need them. */
async function createApplications(cases: readonly Case[], services: Record<ServiceType, { id: number }>): Promise<number[]> {
  const { db } = server;
  const applicant = await db.insertInto('applicants').values({ first_name: 'Table', last_name: 'Walker', email: 'walker@example.org' }).returning('id').executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let start = 0; start < cases.length; start += 500) {
    const batch = cases.slice(start, start + 500);
    const rows = await db
      .insertInto('applications')
      .values(
        batch.map((c, index) => ({
          reference: `TABLE-${start + index}-${Math.random().toString(36).slice(2, 8)}`,
          service_id: services[c.service].id,
          service_type: c.service,
          status: c.status,
          // What mark_paid must be paid (the amount paid is the amount due).
          quoted_fee: '30.00',
          previous_status: c.status === 'pending' ? ('in_review' as const) : null,
          applicant_id: applicant.id,
          applicant_name: 'Table Walker',
          academic_field_category: 'medical_health' as const,
          // An application in the council's steps sits with a council (move_to_council put it there).
          council_id: c.status === 'council_assigned' || c.status === 'council_review' ? councilId : null,
          archived: c.archived ?? false,
          invalidated: c.invalidated ?? false,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  const needing = (names: ActionName[]) => ids.filter((_, i) => names.includes(cases[i]!.action));
  const documentFor = needing(['approve_document', 'reject_document', 'inspectorate_approve']);
  if (documentFor.length) {
    await db
      .insertInto('application_documents')
      .values(documentFor.map((id) => ({ application_id: id, file_name: 'verification.pdf', document_type: 'verification_request' as const, storage_key: null })))
      .execute();
  }
  // A council decides only on a file with every document its service requires (required-documents.ts).
  const completeFor = ids.filter((_, i) => cases[i]!.action === 'record_council_decision');
  if (completeFor.length) {
    const required = await db.selectFrom('service_document_requirements').select(['service_id', 'document_type']).where('required', '=', true).execute();
    const rows = completeFor.flatMap((id) => {
      const serviceId = services[cases[ids.indexOf(id)]!.service].id;
      return required.filter((r) => r.service_id === serviceId).map((r) => ({ application_id: id, file_name: `${r.document_type}.pdf`, document_type: r.document_type, storage_key: null }));
    });
    if (rows.length) await db.insertInto('application_documents').values(rows).execute();
  }
  const verdictFor = needing(['submit_verdict']);
  if (verdictFor.length) {
    await db
      .insertInto('verdicts')
      .values(verdictFor.map((id) => ({ application_id: id, status: 'submitted' as const, storage_key: crypto.randomUUID(), file_name: 'verdict.pdf', submitted_at: new Date() })))
      .execute();
  }
  // The agency officer approves a prepared decision: `approve` a recognising one, `reject` a non-recognition.
  await insertPreparedDecisions(
    db,
    refs,
    ids.flatMap((id, i) => (cases[i]!.action === 'approve' || cases[i]!.action === 'reject' ? [{ applicationId: id, outcome: cases[i]!.action === 'approve' ? ('full' as const) : ('non_recognition' as const) }] : [])),
    adminId,
  );
  return ids;
}

let transfers = 0;

function bodyFor(c: Case, documentId: number | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = { version: 1, notes: 'Checked.' };
  if (c.action === 'update_status') body.to = c.to ?? 'processing';
  if (c.action === 'move_to_council') body.council_id = councilId;
  if (c.action === 'record_council_decision') Object.assign(body, { outcome: 'approved', participant_ids: councilMemberIds });
  // A transaction ID pays once: each case's payment is its own bank transfer.
  if (c.action === 'mark_paid') Object.assign(body, { amount: '30.00', transaction_id: `TX-${c.service}-${++transfers}` });
  if (c.action === 'assign_officer') body.officer_id = officerId;
  if (c.action === 'prepare_decision' || c.action === 'grant_recognition') body.decision = fullDecision(refs);
  if (c.action === 'deny_recognition') body.decision = partialDecision(refs, { outcome: 'non_recognition' });
  if (documentId !== undefined) body.document_id = documentId;
  return body;
}

async function run(cases: readonly Case[]) {
  const services = await policies();
  const ids = await createApplications(cases, services);
  const documents = new Map(
    (await server.db.selectFrom('application_documents').select(['id', 'application_id']).where('application_id', 'in', ids).where('document_type', '=', 'verification_request').execute()).map((d) => [d.application_id, d.id]),
  );
  const failures: string[] = [];
  let allowedCount = 0;
  // A refused move names why: not from this status (to this one), archived or invalidated.
  const MOVE_REFUSALS = ['action_not_allowed', 'action_to_not_allowed', 'application_archived', 'application_invalidated'];
  for (let start = 0; start < cases.length; start += 40) {
    await Promise.all(
      cases.slice(start, start + 40).map(async (c, offset) => {
        const id = ids[start + offset]!;
        const subject = { service_type: c.service, status: c.status, archived: c.archived ?? false, invalidated: c.invalidated ?? false };
        const move = findMove(subject, services[c.service], c.action, c.action === 'update_status' ? (c.to ?? 'processing') : undefined);
        const answer = await server.app.inject({
          method: 'POST',
          url: `/api/applications/${id}/${actionPathSegment(c.action)}/`,
          headers: authorization,
          payload: bodyFor(c, documents.get(id)),
        });
        const label = `service ${c.service} ${c.status}${c.archived ? ' (archived)' : ''}${c.invalidated ? ' (invalidated)' : ''} ${c.action}${c.to ? ` → ${c.to}` : ''}`;
        if (move) {
          allowedCount++;
          const expected = move.to === PREVIOUS_STATUS ? 'in_review' : (move.to ?? c.status);
          if (answer.statusCode !== 200 || answer.json().status !== expected) failures.push(`${label}: expected 200 → ${expected}, got ${answer.statusCode} ${answer.body.slice(0, 160)}`);
        } else if (answer.statusCode !== 409 || !MOVE_REFUSALS.includes(answer.json().code)) {
          failures.push(`${label}: expected 409, got ${answer.statusCode} ${answer.body.slice(0, 160)}`);
        }
      }),
    );
  }
  return { failures, allowedCount };
}

describe('the transition table on the server', () => {
  // One test per service type (each about 900 requests), so a busy machine stays inside the
  // per-test time limit; a recognition's approval renders its decision PDF and statement, hence the minute.
  const allowedPerService = new Map<ServiceType, number>();

  it.each(SERVICE_TYPES)('service %i: allows exactly what the table allows, for every status and action', { timeout: 60_000 }, async (service) => {
    const services = await policies();
    const cases: Case[] = [];
    for (const status of APPLICATION_STATUSES) {
      for (const action of ACTION_NAMES) {
        if (action === 'update_status') {
          // Every target the table allows from here, and one it never allows.
          const targets = allowedMoves({ service_type: service, status, archived: false, invalidated: false }, services[service])
            .filter((m) => m.action === 'update_status')
            .map((m) => m.to as ApplicationStatus);
          for (const to of [...targets, 'approved' as const]) cases.push({ service, status, action, to });
        } else {
          cases.push({ service, status, action });
        }
      }
    }
    // Flags and records on archived and invalidated applications.
    for (const action of ACTION_NAMES) {
      cases.push({ service, status: 'approved', action, archived: true });
      cases.push({ service, status: 'approved', action, invalidated: true });
    }
    const { failures, allowedCount } = await run(cases);
    expect(failures).toEqual([]);
    expect(allowedCount).toBeGreaterThan(0);
    expect(cases.length).toBeGreaterThan(APPLICATION_STATUSES.length * ACTION_NAMES.length);
    allowedPerService.set(service, allowedCount);
  });

  it('covered every service, with hundreds of allowed moves in all', () => {
    expect([...allowedPerService.keys()].sort()).toEqual([...SERVICE_TYPES].sort());
    expect([...allowedPerService.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(300);
  });

  it('follows each service’s fee settings for the intake actions', async () => {
    await server.db.updateTable('services').set((eb) => ({ fee_enabled: eb.not('fee_enabled'), fee_exemption_allowed: eb.not('fee_exemption_allowed') })).execute();
    const cases: Case[] = [];
    for (const service of SERVICE_TYPES) {
      for (const status of ['submitted', 'payment_pending'] as const) {
        for (const action of ['request_payment', 'skip_payment', 'approve_exemption', 'reject_exemption'] as const) cases.push({ service, status, action });
      }
    }
    const { failures, allowedCount } = await run(cases);
    expect(failures).toEqual([]);
    expect(allowedCount).toBeGreaterThan(0);
  });
});

describe('the agency officer’s decisions', () => {
  // Agency officers see an application while it waits for their decision and once they decided
  // it (application-scope.ts); one they send back leaves their view. The action still answers the
  // application as their step left it, not a 404 that reads as if nothing happened.
  async function pendingDecisions(count: number): Promise<number[]> {
    return createApplications(Array.from({ length: count }, () => ({ service: 1 as const, status: 'decision_pending' as const, action: 'send_back' as const })), await policies());
  }

  it('sends back an application at decision_pending: 200 with the new status, then it is out of their view', async () => {
    const agency = await server.authorization('agency');
    const [id] = await pendingDecisions(1);
    const answer = await server.app.inject({ method: 'POST', url: `/api/applications/${id}/${actionPathSegment('send_back')}/`, headers: agency, payload: { version: 1, notes: 'The grounds cite the wrong qualification.' } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ id, status: 'assessment_completed', version: 2 });
    const history = await server.db.selectFrom('application_history').select(['action', 'from_status', 'to_status']).where('application_id', '=', id!).execute();
    expect(history).toContainEqual({ action: 'send_back', from_status: 'decision_pending', to_status: 'assessment_completed' });
    expect((await server.app.inject({ url: `/api/applications/${id}/`, headers: agency })).statusCode).toBe(404);
  });

  it('still answers 404 for an application they cannot see, and changes nothing', async () => {
    const agency = await server.authorization('agency');
    const [id] = await createApplications([{ service: 1, status: 'assessment_completed', action: 'send_back' }], await policies());
    const answer = await server.app.inject({ method: 'POST', url: `/api/applications/${id}/${actionPathSegment('send_back')}/`, headers: agency, payload: { version: 1, notes: 'Not mine.' } });
    expect(answer.statusCode).toBe(404);
    expect((await server.db.selectFrom('applications').select('version').where('id', '=', id!).executeTakeFirstOrThrow()).version).toBe(1);
  });
});
