import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors, recordId } from '../../../shared/api/drf';
import {
  PEOPLE_LIST_MAX,
  PERSONAL_DATA_PATHS as PATHS,
  applicationHoldAnswer,
  erasureDecision,
  erasureRequestAnswer,
  erasureRequestCreate,
  erasureRequestRow,
  legalHoldRequest,
  legalHoldsAnswer,
  peopleQuery,
  personAnswer,
  personRow,
  previewQuery,
  retentionAnswer,
  retentionPreview,
  retentionRunResult,
  type LegalHold,
} from '../../../shared/api/personal-data';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import { isClosedStatus } from '../../../shared/domain/application-status';
import { keptUntil, retentionYears } from '../../../shared/domain/retention';
import { applicationScope, visibleIn } from '../../application-scope';
import { currentUser, requireAdmin, requirePermission } from '../../auth-context';
import { contentDisposition } from '../../downloads';
import { conflict, fieldError, notFound } from '../../errors';
import { recordAudit } from '../../shared/audit';
import { displayNameSql } from '../../shared/display-name';
import { currentSettings } from '../../system-settings';
import { ledgerFolder, noteAnonymised } from './anonymised-ledger';
import { erasureItems, erasureOutcome } from './erasure';
import { anonymiseApplications, deleteFiles, retentionPreview as previewOf } from './retention';
import { nextRunDay, runRetention, startRetentionSchedule } from './retention-schedule';
import { subjectExport } from './subject-export';

// Personal data (src/shared/api/personal-data.ts): retention, legal holds, subject access and
// erasure. Administrators only, except an application's hold: read by whoever sees the
// application, placed and lifted by whoever may change it (in their scope; 404 outside it).

const tags = ['personal-data'];
const adminOnly = requireAdmin();
const canView = requirePermission('applications.view_application');
const canChange = requirePermission('applications.change_application');
const refusal = z.union([detailError, fieldErrors]);
const idParams = z.object({ id: z.coerce.number().pipe(recordId) });

const iso = (value: Date | null) => value?.toISOString() ?? null;
const holdOf = (row: { reason: string | null; set_at: Date | null; set_by: string | null }): LegalHold | null =>
  row.reason === null ? null : { reason: row.reason, set_at: row.set_at?.toISOString() ?? '', set_by: row.set_by };

export const personalDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const clock = app.deps.clock ?? (() => new Date());
  const deps = () => ({ db, config, storage: app.deps.storage, log: app.log.child({ job: 'retention' }) });
  let schedule: ReturnType<typeof startRetentionSchedule> | null = null;
  app.addHook('onReady', async () => {
    schedule = startRetentionSchedule(deps(), { clock });
  });
  app.addHook('onClose', async () => {
    await schedule?.stop();
  });
  const actorOf = (request: FastifyRequest) => ({ id: currentUser(request).id, ip: request.ip });

  app.get(PATHS.retention, { preHandler: adminOnly, schema: { tags, summary: 'The retention rules in force per service and the recent runs', response: { [HTTP_STATUS.ok]: retentionAnswer } } }, async () => {
    const rules = (await currentSettings({ db, config })).retention;
    const services = await db.selectFrom('services').select(['service_type', 'name_en']).orderBy('service_type').execute();
    const runs = await db
      .selectFrom('retention_runs as r')
      .leftJoin('users as u', 'u.id', 'r.started_by_id')
      .select(['r.id', 'r.trigger', 'r.started_at', 'r.finished_at', 'r.applications', 'r.documents', displayNameSql<string | null>('u').as('started_by')])
      .orderBy('r.id', 'desc')
      .limit(10)
      .execute();
    return {
      personal_data_years: rules.personal_data_years,
      services: services.map((service) => ({
        service_type: service.service_type,
        service_name: service.name_en,
        years: retentionYears(rules, service.service_type),
        own_rule: rules.service_years.some((rule) => rule.service_type === service.service_type),
      })),
      runs: runs.map((run) => ({ ...run, started_at: run.started_at.toISOString(), finished_at: iso(run.finished_at) })),
    };
  });

  app.get(
    PATHS.preview,
    { preHandler: adminOnly, schema: { tags, summary: 'What a run on ?on= (default: the next scheduled run, the 1st of the month) would anonymise, and what a legal hold keeps', querystring: previewQuery, response: { [HTTP_STATUS.ok]: retentionPreview, [HTTP_STATUS.badRequest]: refusal } } },
    async (request) => previewOf(db, (await currentSettings({ db, config })).retention, request.query.on ?? nextRunDay(kosovoDate(clock()))),
  );

  app.post(PATHS.runs, { preHandler: adminOnly, schema: { tags, summary: 'Anonymises now what is due today; audited', response: { [HTTP_STATUS.ok]: retentionRunResult } } }, async (request) => {
    const result = await runRetention(deps(), { trigger: 'manual', on: kosovoDate(clock()), actor: actorOf(request) });
    return result ?? { applications: 0, documents: 0, people: 0 };
  });

  app.get(PATHS.legalHolds, { preHandler: adminOnly, schema: { tags, summary: 'Every application and person on legal hold', response: { [HTTP_STATUS.ok]: legalHoldsAnswer } } }, async () => {
    const [applications, people] = await Promise.all([
      db
        .selectFrom('applications as a')
        .leftJoin('users as u', 'u.id', 'a.legal_hold_set_by_id')
        .select(['a.id', 'a.reference', 'a.applicant_name', 'a.legal_hold_reason as reason', 'a.legal_hold_set_at as set_at', displayNameSql<string | null>('u').as('set_by')])
        .where('a.legal_hold_reason', 'is not', null)
        .orderBy('a.legal_hold_set_at', 'desc')
        .execute(),
      db
        .selectFrom('applicants as p')
        .leftJoin('users as u', 'u.id', 'p.legal_hold_set_by_id')
        .select(['p.id', sql<string>`trim(p.first_name || ' ' || p.last_name)`.as('name'), 'p.legal_hold_reason as reason', 'p.legal_hold_set_at as set_at', displayNameSql<string | null>('u').as('set_by')])
        .where('p.legal_hold_reason', 'is not', null)
        .orderBy('p.legal_hold_set_at', 'desc')
        .execute(),
    ]);
    return {
      applications: applications.map((row) => ({ id: row.id, reference: row.reference, applicant_name: row.applicant_name, hold: holdOf(row)! })),
      people: people.map((row) => ({ id: row.id, name: row.name, hold: holdOf(row)! })),
    };
  });

  // ---- An application's hold ----
  const applicationHold = async (request: FastifyRequest, id: number) => {
    const row = await db
      .selectFrom('applications')
      .innerJoin('applicants as p', 'p.id', 'applications.applicant_id')
      .leftJoin('users as u', 'u.id', 'applications.legal_hold_set_by_id')
      .leftJoin('users as pu', 'pu.id', 'p.legal_hold_set_by_id')
      .select([
        'applications.id',
        'applications.anonymised_at',
        'applications.legal_hold_reason as reason',
        'applications.legal_hold_set_at as set_at',
        displayNameSql<string | null>('u').as('set_by'),
        'p.legal_hold_reason as person_reason',
        'p.legal_hold_set_at as person_set_at',
        displayNameSql<string | null>('pu').as('person_set_by'),
      ])
      .where('applications.id', '=', id)
      .where(visibleIn(applicationScope(currentUser(request))))
      .executeTakeFirst();
    if (!row) throw notFound();
    return {
      application_id: row.id,
      hold: holdOf(row),
      person_hold: holdOf({ reason: row.person_reason, set_at: row.person_set_at, set_by: row.person_set_by }),
      anonymised_at: iso(row.anonymised_at),
    };
  };

  app.get(
    PATHS.applicationHold(':id'),
    { preHandler: canView, schema: { tags, summary: 'An application’s legal hold (and its person’s)', params: idParams, response: { [HTTP_STATUS.ok]: applicationHoldAnswer, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => applicationHold(request, request.params.id),
  );

  app.put(
    PATHS.applicationHold(':id'),
    { preHandler: canChange, schema: { tags, summary: 'Places (or rewords) a legal hold on an application: the retention run and erasure leave it; audited', params: idParams, body: legalHoldRequest, response: { [HTTP_STATUS.ok]: applicationHoldAnswer, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError } } },
    async (request) => {
      const current = await applicationHold(request, request.params.id);
      if (current.anonymised_at !== null) throw conflict('personal_data_already_anonymised');
      const user = currentUser(request);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('applications').set({ legal_hold_reason: request.body.reason, legal_hold_set_at: new Date(), legal_hold_set_by_id: user.id }).where('id', '=', request.params.id).execute();
        await recordAudit(trx, { actorId: user.id, action: 'personal_data.legal_hold_set', entityType: 'application', entityId: request.params.id, details: { reason: request.body.reason, previous: current.hold?.reason ?? null }, ip: request.ip });
      });
      return applicationHold(request, request.params.id);
    },
  );

  app.delete(
    PATHS.applicationHold(':id'),
    { preHandler: canChange, schema: { tags, summary: 'Lifts an application’s legal hold; audited', params: idParams, response: { [HTTP_STATUS.ok]: applicationHoldAnswer, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError } } },
    async (request) => {
      const current = await applicationHold(request, request.params.id);
      if (current.hold === null) throw conflict('legal_hold_not_set');
      const user = currentUser(request);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('applications').set({ legal_hold_reason: null, legal_hold_set_at: null, legal_hold_set_by_id: null }).where('id', '=', request.params.id).execute();
        await recordAudit(trx, { actorId: user.id, action: 'personal_data.legal_hold_lifted', entityType: 'application', entityId: request.params.id, details: { reason: current.hold?.reason }, ip: request.ip });
      });
      return applicationHold(request, request.params.id);
    },
  );

  // ---- People ----
  app.get(
    PATHS.people,
    { preHandler: adminOnly, schema: { tags, summary: 'People by personal ID or name (?q=, at least 2 characters)', querystring: peopleQuery, response: { [HTTP_STATUS.ok]: z.array(personRow), [HTTP_STATUS.badRequest]: refusal } } },
    async (request) => {
      const words = request.query.q.toLocaleLowerCase().split(/\s+/).filter(Boolean);
      const rows = await db
        .selectFrom('applicants as p')
        .select((eb) => [
          'p.id',
          sql<string>`trim(p.first_name || ' ' || p.last_name)`.as('name'),
          'p.personal_id',
          'p.date_of_birth',
          'p.anonymised_at',
          eb.selectFrom('applications as a').whereRef('a.applicant_id', '=', 'p.id').select((inner) => inner.fn.countAll<string>().as('n')).as('applications'),
        ])
        .where((eb) =>
          eb.or([
            eb('p.personal_id', '=', request.query.q),
            eb.and(words.map((word) => eb(sql`lower(p.first_name || ' ' || p.last_name)`, 'like', `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))),
          ]),
        )
        .orderBy('p.last_name')
        .orderBy('p.first_name')
        .orderBy('p.id')
        .limit(PEOPLE_LIST_MAX)
        .execute();
      return rows.map((row) => ({ ...row, applications: Number(row.applications ?? 0), anonymised_at: iso(row.anonymised_at) }));
    },
  );

  const erasureRows = (applicantId?: number, id?: number) => {
    let query = db
      .selectFrom('erasure_requests as r')
      .innerJoin('applicants as p', 'p.id', 'r.applicant_id')
      .leftJoin('users as u', 'u.id', 'r.recorded_by_id')
      .leftJoin('users as d', 'd.id', 'r.decided_by_id')
      .select([
        'r.id',
        'r.applicant_id',
        sql<string>`trim(p.first_name || ' ' || p.last_name)`.as('name'),
        'r.received_on',
        displayNameSql<string | null>('u').as('recorded_by'),
        'r.outcome',
        'r.decided_at',
        'r.answer_sent_on',
        'r.legal_basis',
        'r.answer',
        displayNameSql<string | null>('d').as('decided_by'),
      ])
      .orderBy('r.id', 'desc');
    if (applicantId !== undefined) query = query.where('r.applicant_id', '=', applicantId);
    if (id !== undefined) query = query.where('r.id', '=', id);
    return query.limit(200).execute();
  };
  const asRow = (row: Awaited<ReturnType<typeof erasureRows>>[number]) => ({
    id: row.id,
    applicant_id: row.applicant_id,
    name: row.name,
    received_on: row.received_on,
    recorded_by: row.recorded_by,
    outcome: row.outcome,
    decided_at: iso(row.decided_at),
    answer_sent_on: row.answer_sent_on,
  });

  app.get(
    PATHS.person(':id'),
    { preHandler: adminOnly, schema: { tags, summary: 'A person: their record, their applications with how long each keeps personal data, their holds and erasure requests', params: idParams, response: { [HTTP_STATUS.ok]: personAnswer, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => {
      const person = await db
        .selectFrom('applicants as p')
        .leftJoin('users as u', 'u.id', 'p.legal_hold_set_by_id')
        .select([
          'p.id',
          sql<string>`trim(p.first_name || ' ' || p.last_name)`.as('name'),
          'p.personal_id',
          'p.date_of_birth',
          'p.email',
          'p.phone',
          'p.anonymised_at',
          'p.legal_hold_reason as reason',
          'p.legal_hold_set_at as set_at',
          displayNameSql<string | null>('u').as('set_by'),
        ])
        .where('p.id', '=', request.params.id)
        .executeTakeFirst();
      if (!person) throw notFound();
      const rules = (await currentSettings({ db, config })).retention;
      const applications = await db
        .selectFrom('applications as a')
        .leftJoin('users as u', 'u.id', 'a.legal_hold_set_by_id')
        .select([
          'a.id',
          'a.reference',
          'a.status',
          'a.service_type',
          sql<string | null>`to_char((coalesce(a.closed_at, a.decided_at) at time zone 'Europe/Belgrade')::date, 'YYYY-MM-DD')`.as('closed_on'),
          'a.anonymised_at',
          'a.legal_hold_reason as reason',
          'a.legal_hold_set_at as set_at',
          displayNameSql<string | null>('u').as('set_by'),
        ])
        .where('a.applicant_id', '=', person.id)
        .orderBy('a.id')
        .execute();
      return {
        person: { id: person.id, name: person.name, personal_id: person.personal_id, date_of_birth: person.date_of_birth, email: person.email, phone: person.phone, applications: applications.length, anonymised_at: iso(person.anonymised_at), hold: holdOf(person) },
        applications: applications.map((row) => {
          const closedOn = isClosedStatus(row.status) ? row.closed_on : null;
          return {
            id: row.id,
            reference: row.reference,
            status: row.status,
            service_type: row.service_type,
            closed_on: closedOn,
            kept_until: closedOn === null ? null : keptUntil(closedOn, retentionYears(rules, row.service_type)),
            hold: holdOf(row),
            anonymised_at: iso(row.anonymised_at),
          };
        }),
        erasure_requests: (await erasureRows(person.id)).map(asRow),
      };
    },
  );

  const personExists = async (id: number) => {
    const row = await db.selectFrom('applicants').select(['id', 'legal_hold_reason', 'anonymised_at']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  app.put(
    PATHS.personHold(':id'),
    { preHandler: adminOnly, schema: { tags, summary: 'Places a legal hold on a person: none of their applications is anonymised while it stands; audited', params: idParams, body: legalHoldRequest, response: { [HTTP_STATUS.noContent]: z.null(), [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError } } },
    async (request, reply) => {
      const person = await personExists(request.params.id);
      if (person.anonymised_at !== null) throw conflict('personal_data_already_anonymised');
      const user = currentUser(request);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('applicants').set({ legal_hold_reason: request.body.reason, legal_hold_set_at: new Date(), legal_hold_set_by_id: user.id }).where('id', '=', person.id).execute();
        await recordAudit(trx, { actorId: user.id, action: 'personal_data.legal_hold_set', entityType: 'applicant', entityId: person.id, details: { reason: request.body.reason, previous: person.legal_hold_reason }, ip: request.ip });
      });
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  app.delete(
    PATHS.personHold(':id'),
    { preHandler: adminOnly, schema: { tags, summary: 'Lifts a person’s legal hold; audited', params: idParams, response: { [HTTP_STATUS.noContent]: z.null(), [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError } } },
    async (request, reply) => {
      const person = await personExists(request.params.id);
      if (person.legal_hold_reason === null) throw conflict('legal_hold_not_set');
      const user = currentUser(request);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('applicants').set({ legal_hold_reason: null, legal_hold_set_at: null, legal_hold_set_by_id: null }).where('id', '=', person.id).execute();
        await recordAudit(trx, { actorId: user.id, action: 'personal_data.legal_hold_lifted', entityType: 'applicant', entityId: person.id, details: { reason: person.legal_hold_reason }, ip: request.ip });
      });
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  app.get(
    PATHS.personExport(':id'),
    { preHandler: adminOnly, schema: { tags, summary: 'The subject access export: one ZIP (summary.pdf, records.json, documents/); audited', params: idParams } },
    async (request, reply) => {
      await personExists(request.params.id);
      const exported = await subjectExport(db, app.deps.storage, request.params.id, clock());
      await recordAudit(db, { actorId: currentUser(request).id, action: 'personal_data.subject_export', entityType: 'applicant', entityId: request.params.id, details: exported.counts, ip: request.ip });
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', contentDisposition(exported.fileName, 'attachment'))
        .header('Cache-Control', 'no-store')
        .send(exported.zip);
    },
  );

  // ---- Erasure requests ----
  app.get(PATHS.erasureRequests, { preHandler: adminOnly, schema: { tags, summary: 'The erasure requests, newest first', response: { [HTTP_STATUS.ok]: z.array(erasureRequestRow) } } }, async () => (await erasureRows()).map(asRow));

  const erasureRequest = async (id: number) => {
    const row = (await erasureRows(undefined, id))[0];
    if (!row) throw notFound();
    return { ...asRow(row), legal_basis: row.legal_basis, answer: row.answer, decided_by: row.decided_by, items: await erasureItems(db, row.applicant_id) };
  };

  app.post(
    PATHS.erasureRequests,
    { preHandler: adminOnly, schema: { tags, summary: 'Records a person’s erasure request with the day it was received; audited', body: erasureRequestCreate, response: { [HTTP_STATUS.created]: erasureRequestAnswer, [HTTP_STATUS.badRequest]: refusal } } },
    async (request, reply) => {
      const person = await db.selectFrom('applicants').select('id').where('id', '=', request.body.applicant_id).executeTakeFirst();
      if (!person) throw fieldError('applicant_id', 'erasure_person_unknown');
      if (request.body.received_on > kosovoDate(clock())) throw fieldError('received_on', 'erasure_received_in_future');
      const user = currentUser(request);
      const created = await db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('erasure_requests').values({ applicant_id: person.id, received_on: request.body.received_on, recorded_by_id: user.id }).returning('id').executeTakeFirstOrThrow();
        await recordAudit(trx, { actorId: user.id, action: 'personal_data.erasure_requested', entityType: 'applicant', entityId: person.id, details: { request: row.id, received_on: request.body.received_on }, ip: request.ip });
        return row;
      });
      return reply.code(HTTP_STATUS.created).send(await erasureRequest(created.id));
    },
  );

  app.get(
    PATHS.erasureRequest(':id'),
    { preHandler: adminOnly, schema: { tags, summary: 'An erasure request with what may be erased now and what must be kept (and why)', params: idParams, response: { [HTTP_STATUS.ok]: erasureRequestAnswer, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => erasureRequest(request.params.id),
  );

  app.post(
    PATHS.erasureDecision(':id'),
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Decides an erasure request: erases (anonymises) what may be, or refuses, with the legal basis and the answer sent; audited', params: idParams, body: erasureDecision, response: { [HTTP_STATUS.ok]: erasureRequestAnswer, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError } },
    },
    async (request) => {
      const current = await erasureRequest(request.params.id);
      if (current.outcome !== null) throw conflict('erasure_already_answered');
      const { decision, legal_basis: legalBasis, answer, answer_sent_on: answerSentOn } = request.body;
      if (answerSentOn < current.received_on) throw fieldError('answer_sent_on', 'erasure_answer_before_request');
      const erasable = current.items.filter((item) => item.keep === null).map((item) => item.application_id);
      const kept = current.items.filter((item) => item.keep !== null && item.keep !== 'already_anonymised');
      // Whatever is kept, or a refusal, is answered with the law that keeps it.
      if ((decision === 'refuse' || kept.length > 0) && legalBasis === null) throw fieldError('legal_basis', 'erasure_legal_basis_required');
      if (decision === 'erase' && erasable.length === 0 && kept.length > 0) throw conflict('erasure_nothing_erasable');
      const user = currentUser(request);
      const outcome = decision === 'refuse' ? 'refused' : erasureOutcome(current.items);
      const done = await db.transaction().execute(async (trx) => {
        const locked = await trx.selectFrom('erasure_requests').select('outcome').where('id', '=', current.id).forUpdate().executeTakeFirstOrThrow();
        if (locked.outcome !== null) throw conflict('erasure_already_answered');
        const anonymised = decision === 'erase' ? await anonymiseApplications(trx, erasable, { actorId: user.id, ip: request.ip, cause: { kind: 'erasure', requestId: current.id } }) : null;
        const now = new Date();
        await trx
          .updateTable('erasure_requests')
          .set({ outcome, legal_basis: legalBasis, answer, answer_sent_on: answerSentOn, decided_by_id: user.id, decided_at: now, ...(anonymised ? { erased_at: now, erased_by_id: user.id } : {}) })
          .where('id', '=', current.id)
          .execute();
        await recordAudit(trx, {
          actorId: user.id,
          action: 'personal_data.erasure_decided',
          entityType: 'applicant',
          entityId: current.applicant_id,
          details: { request: current.id, outcome, legal_basis: legalBasis, erased: anonymised?.applications ?? 0, kept: kept.map((item) => ({ application: item.application_id, keep: item.keep })) },
          ip: request.ip,
        });
        return anonymised;
      });
      if (done) {
        await deleteFiles(app.deps.storage, done.storageKeys, request.log);
        await noteAnonymised(await ledgerFolder({ db, config }), done.ids, { kind: 'erasure', requestId: current.id }, request.log);
      }
      return erasureRequest(current.id);
    },
  );
};
