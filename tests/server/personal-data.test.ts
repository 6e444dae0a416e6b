import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/api/auth';
import { PERSONAL_DATA_PATHS as PATHS, type ErasureRequestAnswer, type PersonAnswer, type RetentionPreview } from '../../src/shared/api/personal-data';
import { hasPermission, isAdmin } from '../../src/shared/auth/permissions';
import { keptUntil, initialsOf, retentionYears } from '../../src/shared/domain/retention';
import { kosovoDate } from '../../src/shared/domain/deadline-dates';
import { loadUserObject } from '../../src/server/auth-context';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { nextRunDay } from '../../src/server/modules/personal-data/retention-schedule';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Retention, legal holds, subject access and erasure on the demo database: the preview names the
// demo's expired application and leaves the held one, a run anonymises exactly what it named
// (files deleted, audited) and nothing twice, an erasure keeps what the law or a hold keeps, and
// every endpoint × every demo group (and no sign-in) answers as its rule says. Never a 500.

let server: ServerFixture;
const users = new Map<string, User>();
const USERNAMES = DEMO_ACCOUNTS.map((account) => account.username);
const today = () => kosovoDate(new Date());

beforeAll(async () => {
  server = await createServerFixture();
  for (const username of USERNAMES) {
    const row = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    users.set(username, (await loadUserObject(server.db, row.id))!);
  }
});
afterAll(async () => server?.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, username: string | null, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

describe('rules as pure functions', () => {
  it('counts the years of the service’s own rule, else the general one, from the closing day', () => {
    const rules = { personal_data_years: 5, service_years: [{ service_type: 3, years: 10 }] };
    expect(retentionYears(rules, 3)).toBe(10);
    expect(retentionYears(rules, 1)).toBe(5);
    expect(keptUntil('2019-02-14', 5)).toBe('2024-02-14');
    expect(keptUntil('2020-02-29', 1)).toBe('2021-02-28');
    expect(initialsOf('Valbona Qerimi')).toBe('V. Q.');
    expect(initialsOf('Dušan Ilić-Šarić')).toBe('D. I. Š.');
    expect(nextRunDay('2026-11-20')).toBe('2026-12-01');
    expect(nextRunDay('2026-12-05')).toBe('2027-01-01');
    expect(nextRunDay('2026-03-01')).toBe('2026-03-01');
  });
});

describe('retention', () => {
  it('previews the expired demo application, keeps the held one, and a run anonymises exactly it', async () => {
    const preview = (await call('GET', PATHS.preview, 'admin')).json() as RetentionPreview;
    expect(preview.on).toBe(nextRunDay(today()));
    expect(preview.due.length).toBe(1);
    expect(preview.applications).toBe(1);
    expect(preview.held.length).toBe(1);
    expect(preview.held[0]!.hold_reason).toMatch(/Court case/);
    const due = preview.due[0]!;
    expect(due.kept_until < preview.on).toBe(true);
    expect(due.years).toBe(5);

    // A stored file on it: the run deletes the file, keeps the row.
    const content = Buffer.from('%PDF-1.4\n% a diploma\n%%EOF\n');
    const key = await server.storage.put(content);
    await server.db
      .insertInto('application_documents')
      .values({ application_id: due.id, file_name: 'diploma-of-the-applicant.pdf', document_type: 'additional_document', kind: 'original', media_type: 'application/pdf', size: content.length, storage_key: key })
      .execute();
    const before = await server.db.selectFrom('applications').select(['applicant_name', 'status', 'decided_at', 'decision_outcome', 'applicant_id']).where('id', '=', due.id).executeTakeFirstOrThrow();
    expect((await call('GET', PATHS.preview, 'admin')).json()).toMatchObject({ documents: 1 });
    // What the outbox holds about the person: an e-mail to them on the application, an officer's
    // in-app notice naming them, and a letter to their address still waiting to go (no application).
    const who = await server.db.selectFrom('applicants').selectAll().where('id', '=', before.applicant_id).executeTakeFirstOrThrow();
    await server.db.updateTable('applicants').set({ personal_id: who.personal_id ?? '1234567890', phone: who.phone ?? '+383 44 123 456', date_of_birth: who.date_of_birth ?? '1990-04-07' }).where('id', '=', who.id).execute();
    const person0 = await server.db.selectFrom('applicants').selectAll().where('id', '=', who.id).executeTakeFirstOrThrow();
    const [day, month, year] = [person0.date_of_birth!.slice(8, 10), person0.date_of_birth!.slice(5, 7), person0.date_of_birth!.slice(0, 4)];
    const officer = users.get('officer')!;
    const outbox = await server.db
      .insertInto('notification_outbox')
      .values([
        { kind: 'email', recipient_email: person0.email, application_id: due.id, status: 'sent', subject: `Decision for ${person0.first_name} ${person0.last_name}`, message: `Dear ${person0.first_name} ${person0.last_name}, personal ID ${person0.personal_id}, born ${day}.${month}.${year}, phone ${person0.phone}. Reply to ${person0.email}.` },
        { kind: 'system', recipient_user_id: officer.id, application_id: due.id, status: 'sent', subject: `${before.applicant_name} uploaded a document`, message: `Check the diploma of ${person0.last_name.toUpperCase()}.` },
        { kind: 'email', recipient_email: person0.email.toUpperCase(), application_id: null, status: 'pending', subject: 'Newsletter', message: `Hello ${person0.first_name}` },
      ])
      .returning('id')
      .execute();

    const run = await call('POST', PATHS.runs, 'admin');
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ applications: 1, documents: 1, people: 1 });
    const after = await server.db.selectFrom('applications').select(['applicant_name', 'personal_id', 'status', 'decided_at', 'decision_outcome', 'anonymised_at']).where('id', '=', due.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ applicant_name: initialsOf(before.applicant_name), personal_id: null, status: before.status, decided_at: before.decided_at, decision_outcome: before.decision_outcome });
    expect(after.anonymised_at).not.toBeNull();
    const person = await server.db.selectFrom('applicants').selectAll().where('id', '=', before.applicant_id).executeTakeFirstOrThrow();
    expect(person).toMatchObject({ personal_id: null, date_of_birth: null, phone: null, address: null, email: `anonymised-${person.id}@naric.invalid` });
    await expect(server.storage.size(key)).rejects.toThrow();
    const letters = await server.db.selectFrom('notification_outbox').select(['recipient_email', 'subject', 'message', 'status']).where('id', 'in', outbox.map((row) => row.id)).orderBy('id').execute();
    const everything = JSON.stringify(letters).toLowerCase();
    for (const found of [person0.first_name, person0.last_name, person0.email, person0.personal_id!, person0.phone!, `${day}.${month}.${year}`]) expect(everything, found).not.toContain(found.toLowerCase());
    expect(letters[0]).toMatchObject({ recipient_email: person.email, subject: `Decision for ${initialsOf(`${person0.first_name} ${person0.last_name}`)}`, status: 'sent' });
    expect(letters[1]!.subject).toBe(`${initialsOf(before.applicant_name)} uploaded a document`);
    expect(letters[2]).toMatchObject({ recipient_email: person.email, status: 'failed' });
    const document = await server.db.selectFrom('application_documents').select(['storage_key', 'file_name']).where('application_id', '=', due.id).where('document_type', '=', 'additional_document').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(document).toEqual({ storage_key: null, file_name: 'additional_document.pdf' });
    const audit = await server.db.selectFrom('audit_log').select('action').where('entity_type', '=', 'application').where('entity_id', '=', String(due.id)).where('action', '=', 'personal_data.anonymised').execute();
    expect(audit).toHaveLength(1);

    // Nothing twice; the held one untouched.
    expect((await call('POST', PATHS.runs, 'admin')).json()).toEqual({ applications: 0, documents: 0, people: 0 });
    const held = await server.db.selectFrom('applications').select('anonymised_at').where('id', '=', preview.held[0]!.id).executeTakeFirstOrThrow();
    expect(held.anonymised_at).toBeNull();
    const retention = (await call('GET', PATHS.retention, 'admin')).json() as { runs: { applications: number; trigger: string }[] };
    expect(retention.runs.slice(0, 2).map((r) => [r.trigger, r.applications])).toEqual([['manual', 0], ['manual', 1]]);

    // A hold on an anonymised application is refused; lifting the demo's hold puts it in the preview.
    expect((await call('PUT', PATHS.applicationHold(due.id), 'admin', { reason: 'Appeal' })).statusCode).toBe(409);
    const lifted = await call('DELETE', PATHS.applicationHold(preview.held[0]!.id), 'officer');
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await call('DELETE', PATHS.applicationHold(preview.held[0]!.id), 'officer')).json()).toMatchObject({ code: 'legal_hold_not_set' });
    const again = (await call('GET', PATHS.preview, 'admin')).json() as RetentionPreview;
    expect(again.due.map((row) => row.id)).toEqual([preview.held[0]!.id]);
    // A hold on the person keeps it out as well.
    const applicantId = (await server.db.selectFrom('applications').select('applicant_id').where('id', '=', preview.held[0]!.id).executeTakeFirstOrThrow()).applicant_id;
    expect((await call('PUT', PATHS.personHold(applicantId), 'admin', { reason: 'Court case about the person' })).statusCode).toBe(204);
    expect(((await call('GET', PATHS.preview, 'admin')).json() as RetentionPreview).due).toEqual([]);
    expect((await call('PUT', PATHS.applicationHold(preview.held[0]!.id), 'officer', { reason: '' })).statusCode).toBe(400);
  });
});

describe('a person’s own data', () => {
  it('exports everything as one ZIP and audits it', async () => {
    const request = await server.db.selectFrom('erasure_requests').select('applicant_id').orderBy('id').executeTakeFirstOrThrow();
    const person = await server.db.selectFrom('applicants').select(['personal_id', 'last_name']).where('id', '=', request.applicant_id).executeTakeFirstOrThrow();
    const found = (await call('GET', `${PATHS.people}?q=${encodeURIComponent(person.personal_id!)}`, 'admin')).json() as { id: number }[];
    expect(found.map((row) => row.id)).toContain(request.applicant_id);
    const answer = await call('GET', PATHS.personExport(request.applicant_id), 'admin');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const zip = answer.rawPayload;
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    // Read back as any ZIP reader would: the summary is a PDF, the records name the person.
    const opened = await JSZip.loadAsync(zip);
    expect(Object.keys(opened.files)).toEqual(expect.arrayContaining(['summary.pdf', 'records.json']));
    expect((await opened.file('summary.pdf')!.async('nodebuffer')).subarray(0, 5).toString()).toBe('%PDF-');
    const records = JSON.parse(await opened.file('records.json')!.async('string')) as { person: { personal_id: string } };
    expect(records.person.personal_id).toBe(person.personal_id);
    const audit = await server.db.selectFrom('audit_log').select('action').where('action', '=', 'personal_data.subject_export').where('entity_id', '=', String(request.applicant_id)).execute();
    expect(audit).toHaveLength(1);
  });

  it('decides an erasure request: what the law keeps is kept, with its legal basis, once', async () => {
    const demo = (await call('GET', PATHS.erasureRequests, 'admin')).json() as { id: number; applicant_id: number }[];
    const request = (await call('GET', PATHS.erasureRequest(demo.at(-1)!.id), 'admin')).json() as ErasureRequestAnswer;
    expect(request.outcome).toBeNull();
    expect(request.items.some((item) => item.keep === 'open_application')).toBe(true);
    const decision = { decision: 'erase', answer: 'Your data is kept while your application is decided.', answer_sent_on: today() };
    expect((await call('POST', PATHS.erasureDecision(request.id), 'admin', decision)).json()).toMatchObject({ legal_basis: expect.anything() });
    if (request.items.every((item) => item.keep !== null)) {
      const nothing = await call('POST', PATHS.erasureDecision(request.id), 'admin', { ...decision, legal_basis: 'Law on Administrative Procedure, art. 93' });
      expect(nothing.json()).toMatchObject({ code: 'erasure_nothing_erasable' });
    }
    const early = await call('POST', PATHS.erasureDecision(request.id), 'admin', { ...decision, decision: 'refuse', legal_basis: 'x', answer_sent_on: '2000-01-01' });
    expect(early.statusCode).toBe(400);
    const refused = await call('POST', PATHS.erasureDecision(request.id), 'admin', { ...decision, decision: 'refuse', legal_basis: 'Law on Administrative Procedure, art. 93' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ outcome: 'refused', decided_by: 'Arben Krasniqi' });
    expect((await call('POST', PATHS.erasureDecision(request.id), 'admin', { ...decision, decision: 'refuse', legal_basis: 'x' })).json()).toMatchObject({ code: 'erasure_already_answered' });

    // A person with only closed applications: erasing anonymises them and the person.
    const closed = await server.db
      .selectFrom('applications as a')
      .select('a.applicant_id')
      .where('a.status', '=', 'approved')
      .where('a.anonymised_at', 'is', null)
      .where('a.legal_hold_reason', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('applications as o').select('o.id').whereRef('o.applicant_id', '=', 'a.applicant_id').where('o.status', '<>', 'approved'))))
      .orderBy('a.id', 'desc')
      .executeTakeFirstOrThrow();
    const recorded = await call('POST', PATHS.erasureRequests, 'admin', { applicant_id: closed.applicant_id, received_on: today() });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const erased = await call('POST', PATHS.erasureDecision((recorded.json() as ErasureRequestAnswer).id), 'admin', { ...decision, answer: 'Erased.' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ outcome: 'erased' });
    const person = (await call('GET', PATHS.person(closed.applicant_id), 'admin')).json() as PersonAnswer;
    expect(person.person.anonymised_at).not.toBeNull();
    expect(person.applications.every((application) => application.anonymised_at !== null)).toBe(true);
    expect((await call('POST', PATHS.erasureRequests, 'admin', { applicant_id: 2_000_000_000, received_on: today() })).json()).toMatchObject({ field_codes: { applicant_id: [{ code: 'erasure_person_unknown' }] } });
  });
});

describe('personal-data endpoints × demo groups', () => {
  it('signed out: 401 everywhere', async () => {
    // Bodies that pass their schemas: Fastify checks a body before the sign-in.
    const BODIES: Record<string, object | undefined> = {
      [PATHS.applicationHold(1)]: { reason: 'x' },
      [PATHS.personHold(1)]: { reason: 'x' },
      [PATHS.erasureRequests]: { applicant_id: 1, received_on: today() },
      [PATHS.erasureDecision(1)]: { decision: 'refuse', legal_basis: 'x', answer: 'x', answer_sent_on: today() },
    };
    for (const [method, url] of [
      ['GET', PATHS.retention],
      ['GET', PATHS.preview],
      ['POST', PATHS.runs],
      ['GET', PATHS.legalHolds],
      ['GET', PATHS.applicationHold(1)],
      ['PUT', PATHS.applicationHold(1)],
      ['DELETE', PATHS.applicationHold(1)],
      ['GET', `${PATHS.people}?q=ab`],
      ['GET', PATHS.person(1)],
      ['PUT', PATHS.personHold(1)],
      ['DELETE', PATHS.personHold(1)],
      ['GET', PATHS.personExport(1)],
      ['POST', PATHS.erasureRequests],
      ['GET', PATHS.erasureRequest(1)],
      ['POST', PATHS.erasureDecision(1)],
    ] as const) {
      expect((await call(method, url, null, BODIES[url])).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it.each(USERNAMES)('%s', async (username) => {
    const user = users.get(username)!;
    const admin = isAdmin(user);
    const adminOnly = admin ? 200 : 403;
    const application = await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900001').executeTakeFirstOrThrow();
    const applicant = await server.db.selectFrom('applications').select('applicant_id').where('id', '=', application.id).executeTakeFirstOrThrow();
    const seesApplication = (await call('GET', `/applications/${application.id}/`, username)).statusCode === 200;
    const views = hasPermission(user, 'applications.view_application');
    const changes = hasPermission(user, 'applications.change_application');

    expect((await call('GET', PATHS.retention, username)).statusCode).toBe(adminOnly);
    expect((await call('GET', PATHS.preview, username)).statusCode).toBe(adminOnly);
    expect((await call('GET', PATHS.legalHolds, username)).statusCode).toBe(adminOnly);
    expect((await call('GET', `${PATHS.people}?q=ab`, username)).statusCode).toBe(adminOnly);
    expect((await call('GET', PATHS.person(applicant.applicant_id), username)).statusCode).toBe(adminOnly);
    expect((await call('GET', PATHS.personExport(applicant.applicant_id), username)).statusCode).toBe(adminOnly);
    expect((await call('GET', PATHS.erasureRequests, username)).statusCode).toBe(adminOnly);
    const firstRequest = await server.db.selectFrom('erasure_requests').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect((await call('GET', PATHS.erasureRequest(firstRequest.id), username)).statusCode).toBe(adminOnly);
    if (!admin) {
      expect((await call('POST', PATHS.runs, username)).statusCode).toBe(403);
      expect((await call('PUT', PATHS.personHold(applicant.applicant_id), username, { reason: 'x' })).statusCode).toBe(403);
      expect((await call('DELETE', PATHS.personHold(applicant.applicant_id), username)).statusCode).toBe(403);
      expect((await call('POST', PATHS.erasureRequests, username, { applicant_id: applicant.applicant_id, received_on: today() })).statusCode).toBe(403);
      expect((await call('POST', PATHS.erasureDecision(firstRequest.id), username, { decision: 'refuse', legal_basis: 'x', answer: 'x', answer_sent_on: today() })).statusCode).toBe(403);
    }

    // An application's hold: read in scope, placed and lifted by whoever may change it.
    expect((await call('GET', PATHS.applicationHold(application.id), username)).statusCode).toBe(!views ? 403 : seesApplication ? 200 : 404);
    const placed = await call('PUT', PATHS.applicationHold(application.id), username, { reason: `Appeal registered (${username})` });
    expect(placed.statusCode, placed.body).toBe(!changes ? 403 : seesApplication ? 200 : 404);
    if (placed.statusCode === 200) {
      expect(placed.json()).toMatchObject({ hold: { reason: `Appeal registered (${username})` } });
      expect((await call('DELETE', PATHS.applicationHold(application.id), username)).statusCode).toBe(200);
    } else {
      expect((await call('DELETE', PATHS.applicationHold(application.id), username)).statusCode).toBe(!changes ? 403 : 404);
    }
  });
});
