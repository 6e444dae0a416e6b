import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  quoteAnswer,
  service as serviceSchema,
  serviceHistoryAnswer,
  serviceListAnswer,
  type Service,
  type ServiceCreate,
} from '../../src/shared/api/services';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The services calls: list, detail, create, update (412 when stale), enable/disable,
// delete (409 with applications), history with before/after, quote; bad input answers 400 on the
// field with nothing saved; messages follow Accept-Language.

let server: ServerFixture;
let admin: { authorization: string };

beforeAll(async () => {
  server = await createServerFixture();
  admin = await server.authorization('admin');
});
afterAll(async () => server?.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method, url: `/api${path}`, headers: { ...admin, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function serviceOfType(type: number): Promise<Service> {
  const list = serviceListAnswer.parse((await call('GET', '/services/?page_size=200')).json());
  return list.results.find((s) => s.service_type === type)!;
}

/** The service as a write body (every field again), with changes. */
function bodyOf(service: Service, changes: Partial<ServiceCreate> = {}) {
  const { id: _id, fee: _fee, application_count: _count, created_at: _created, updated_at: _updated, ...fields } = service;
  return { ...fields, ...changes };
}

const newService = (changes: Partial<ServiceCreate> = {}): ServiceCreate => ({
  service_type: 3,
  category: 'kosovo_verification',
  name_en: 'Verification of vocational certificates',
  name_sq: 'Verifikimi i certifikatave profesionale',
  name_sr: 'Verifikacija stručnih sertifikata',
  fee_enabled: true,
  fee_exemption_allowed: false,
  processing_time_days: 20,
  council_required: false,
  document_requirements: [
    { document_type: 'verification_request', required: true },
    { document_type: 'original_diploma', required: true, description_en: 'The certificate', description_sq: 'Certifikata', description_sr: 'Sertifikat' },
  ],
  selectable_documents: [{ label_en: 'Certificate', label_sq: 'Certifikata', label_sr: 'Sertifikat' }],
  price_table: { kind: 'document_count', prices: { one_or_fewer: '7.5', more_than_one: '12.00' } },
  ...changes,
});

describe('reading', () => {
  it('lists the five seeded services with their three languages, price tables and stages', async () => {
    const answer = await call('GET', '/services/');
    expect(answer.statusCode).toBe(200);
    const list = serviceListAnswer.parse(answer.json());
    expect(list.results.slice(0, 5).map((s) => s.service_type)).toEqual([1, 2, 3, 4, 5]);
    const verification = list.results[2]!;
    expect(verification.name_sq).toBe('Verifikimi i diplomave të Kosovës');
    expect(verification.price_table).toEqual({ kind: 'document_count', prices: { one_or_fewer: '10.00', more_than_one: '15.00' }, degree_prices: {} });
    expect(verification.fee).toBe('10.00');
    expect(verification.degree_options).toEqual([]);
    expect(verification.workflow_stages[0]).toBe('submitted');
    expect(verification.application_count).toBeGreaterThan(0);
    expect(verification.document_requirements.find((r) => r.document_type === 'id_document')?.description_sr).toBe('Lična karta ili pasoš podnosioca zahteva.');
  });

  it('filters by search in any language, category and enabled', async () => {
    const albanian = serviceListAnswer.parse((await call('GET', '/services/?search=parauniversitare')).json());
    expect(albanian.results.map((s) => s.service_type)).toEqual([2]);
    const category = serviceListAnswer.parse((await call('GET', '/services/?category=academic_information')).json());
    expect(category.results.map((s) => s.service_type)).toEqual([5]);
    const disabled = serviceListAnswer.parse((await call('GET', '/services/?enabled=false')).json());
    expect(disabled.results.every((s) => !s.enabled)).toBe(true);
    expect((await call('GET', '/services/?category=nonsense')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await call('GET', '/services/999999/')).statusCode).toBe(404);
    expect((await call('GET', '/services/abc/')).statusCode).toBe(404);
    expect((await call('POST', '/services/999999/quote/', {})).statusCode).toBe(404);
  });
});

describe('create, update, enable/disable, delete and history', () => {
  it('creates, changes (412 when stale), disables, enables and deletes an unused service, each change in its history', async () => {
    const created = await call('POST', '/services/', newService());
    expect(created.statusCode, created.body).toBe(201);
    const fresh = serviceSchema.parse(created.json());
    expect(fresh).toMatchObject({ fee: '7.50', enabled: true, version: 1, application_count: 0 });
    expect(fresh.price_table.prices).toEqual({ one_or_fewer: '7.50', more_than_one: '12.00' });
    // No stages given: the whole workflow of the type, in order.
    expect(fresh.workflow_stages).toContain('inspectorate_pending');

    // Saving it unchanged is no change: same version, nothing in the history.
    const unchanged = await call('PUT', `/services/${fresh.id}/`, bodyOf(fresh));
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toEqual(fresh);

    const changed = await call('PUT', `/services/${fresh.id}/`, bodyOf(fresh, { processing_time_days: 25, name_en: 'Verification of vocational certificates (VET)' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ processing_time_days: 25, version: 2 });

    const stale = await call('PUT', `/services/${fresh.id}/`, bodyOf(fresh, { processing_time_days: 30 }));
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('service_stale');

    const disabled = await call('POST', `/services/${fresh.id}/disable/`, { version: 2 });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ enabled: false, version: 3 });
    expect((await call('POST', `/services/${fresh.id}/enable/`, { version: 2 })).statusCode).toBe(412);
    expect((await call('POST', `/services/${fresh.id}/enable/`, { version: 3 })).json()).toMatchObject({ enabled: true, version: 4 });

    const history = serviceHistoryAnswer.parse((await call('GET', `/services/${fresh.id}/history/`)).json());
    expect(history.results.map((entry) => entry.action)).toEqual(['enabled', 'disabled', 'updated', 'created']);
    const update = history.results[2]!;
    expect(update.actor_name).toBeTruthy();
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'processing_time_days', before: 20, after: 25 },
        { field: 'name_en', before: 'Verification of vocational certificates', after: 'Verification of vocational certificates (VET)' },
      ]),
    );
    expect(update.changes.map((c) => c.field)).not.toContain('version');
    expect(history.results[1]!.changes).toEqual([{ field: 'enabled', before: true, after: false }]);

    expect((await call('DELETE', `/services/${fresh.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/services/${fresh.id}/`)).statusCode).toBe(404);
    const audit = await server.db.selectFrom('audit_log').select('action').where('entity_type', '=', 'service').where('entity_id', '=', String(fresh.id)).execute();
    expect(audit.map((row) => row.action)).toContain('service.deleted');
  });

  it('never deletes a service with applications: 409 saying to disable it (in the caller’s language), nothing removed', async () => {
    const used = await serviceOfType(1);
    const refused = await call('DELETE', `/services/${used.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/Disable it instead/);
    const albanian = await call('DELETE', `/services/${used.id}/`, undefined, { 'accept-language': 'sq-XK,sq;q=0.9,en;q=0.5' });
    expect(albanian.json().detail).toMatch(/Çaktivizojeni/);
    expect((await call('GET', `/services/${used.id}/`)).statusCode).toBe(200);
  });
});

describe('bad input: 400 on the field, nothing saved', () => {
  const countServices = async () => Number((await server.db.selectFrom('services').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it.each([
    ['a negative amount', { price_table: { kind: 'document_count', prices: { one_or_fewer: '-5.00', more_than_one: '12.00' } } }, 'price_table.prices.one_or_fewer'],
    ['a non-numeric amount', { price_table: { kind: 'document_count', prices: { one_or_fewer: 'ten', more_than_one: '12.00' } } }, 'price_table.prices.one_or_fewer'],
    ['an amount given as a number', { price_table: { kind: 'document_count', prices: { one_or_fewer: 10, more_than_one: '12.00' } } }, 'price_table.prices.one_or_fewer'],
    ['an unpriced case', { price_table: { kind: 'document_count', prices: { one_or_fewer: '10.00' } } }, 'price_table.prices.more_than_one'],
    ['a table of another kind', { price_table: { kind: 'flat', prices: { standard: '10.00' } } }, 'price_table.kind'],
    ['a duplicate document type', { document_requirements: [{ document_type: 'id_document', required: true }, { document_type: 'id_document', required: false }] }, 'document_requirements.1.document_type'],
    ['a degree level the type does not offer', { degree_options: ['master'] }, 'degree_options.0'],
    [
      'degree prices for a level the service does not offer',
      { price_table: { kind: 'document_count', prices: { one_or_fewer: '1', more_than_one: '2' }, degree_prices: { master: { one_or_fewer: '3' } } } },
      'price_table.degree_prices.master',
    ],
    ['a stage outside the type’s workflow', { workflow_stages: ['submitted', 'council_review'] }, 'workflow_stages.1'],
    ['a missing Albanian name', { name_sq: '' }, 'name_sq'],
    ['a missing Serbian name', { name_sr: undefined }, 'name_sr'],
    ['a blank English name', { name_en: '   ' }, 'name_en'],
    ['zero processing days', { processing_time_days: 0 }, 'processing_time_days'],
  ])('%s', async (_case, changes, field) => {
    const before = await countServices();
    const answer = await call('POST', '/services/', { ...newService(), ...changes });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(Object.keys(answer.json())).toContain(field);
    expect(await countServices()).toBe(before);
  });

  it('the type of a service with applications cannot change', async () => {
    const verification = await serviceOfType(3);
    const answer = await call('PUT', `/services/${verification.id}/`, bodyOf(verification, { service_type: 4, workflow_stages: [] }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ service_type: ['A service with applications keeps its type: create a new service for another type.'] });
    expect((await serviceOfType(3)).version).toBe(verification.version);
  });

  it('an unpriced case on update leaves the service as it was, and the message follows Accept-Language', async () => {
    const verification = await serviceOfType(3);
    const answer = await call(
      'PUT',
      `/services/${verification.id}/`,
      bodyOf(verification, { price_table: { kind: 'document_count', prices: { one_or_fewer: '10.00', more_than_one: null } } }),
      { 'accept-language': 'sr' },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()['price_table.prices.more_than_one']).toEqual(['Ovaj slučaj nema cenu. Unesite iznos (0.00 ako je besplatno).']);
    expect((await serviceOfType(3)).version).toBe(verification.version);
  });
});

describe('POST /services/{id}/quote/', () => {
  it('quotes a verification by counted documents (never the form or the ID), with labelled lines', async () => {
    const verification = await serviceOfType(3);
    const one = quoteAnswer.parse(
      (await call('POST', `/services/${verification.id}/quote/`, { documents: ['verification_request', 'id_document', 'original_diploma'] })).json(),
    );
    expect(one).toMatchObject({ amount: '10.00', price_case: 'one_or_fewer', currency: 'EUR', exemption_allowed: false });
    expect(one.lines).toEqual([
      { rule: 'case_price', amount: '10.00', price_case: 'one_or_fewer', degree_level: null, counted_documents: 1, label: 'One document or none to verify' },
    ]);
    const more = quoteAnswer.parse(
      (await call('POST', `/services/${verification.id}/quote/`, { documents: ['original_diploma', 'original_transcript', 'additional_document'], language: 'sq' })).json(),
    );
    expect(more).toMatchObject({ amount: '15.00', price_case: 'more_than_one' });
    expect(more.lines[0]!.label).toBe('Më shumë se një dokument për verifikim (3)');
  });

  it('uses the degree level’s price where the table has one, and refuses a level the service does not offer', async () => {
    const recognition = await serviceOfType(1);
    const master = quoteAnswer.parse((await call('POST', `/services/${recognition.id}/quote/`, { degree_level: 'master' })).json());
    expect(master).toMatchObject({ amount: '40.00' });
    expect(master.lines[0]).toMatchObject({ rule: 'degree_level_price', degree_level: 'master', label: 'Standard fee, price for master' });
    const bachelor = quoteAnswer.parse((await call('POST', `/services/${recognition.id}/quote/`, { degree_level: 'bachelor' })).json());
    expect(bachelor).toMatchObject({ amount: '30.00' });
    const refused = await call('POST', `/services/${recognition.id}/quote/`, { degree_level: 'grade_12' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ degree_level: ['This degree level is not offered by this service.'] });
  });

  it('prices pre-university diploma / transcript / both, and says what is missing', async () => {
    const preUniversity = await serviceOfType(2);
    const quote = async (documents: string[]) => call('POST', `/services/${preUniversity.id}/quote/`, { documents });
    expect((await quote(['original_diploma', 'id_document'])).json().amount).toBe('15.00');
    expect((await quote(['transcript_translation'])).json().amount).toBe('10.00');
    expect((await quote(['original_diploma', 'original_transcript'])).json().amount).toBe('20.00');
    const nothing = await quote(['id_document']);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ field_codes: { documents: [{ code: 'no_diploma_or_transcript', params: {} }] } });
    expect(Object.keys(nothing.json()).sort()).toEqual(['documents', 'field_codes']);
  });

  it('prices academic information by request type; exemptions only where allowed', async () => {
    const information = await serviceOfType(5);
    expect((await call('POST', `/services/${information.id}/quote/`, { request_type: 'institution_accreditation_information' })).json().amount).toBe('8.00');
    expect((await call('POST', `/services/${information.id}/quote/`, {})).json()).toMatchObject({ request_type: ['Choose the request type: each has its own fee.'] });
    expect((await call('POST', `/services/${information.id}/quote/`, { request_type: 'general_academic_information', exemption_requested: true })).statusCode).toBe(400);
    const recognition = await serviceOfType(1);
    const exempted = quoteAnswer.parse((await call('POST', `/services/${recognition.id}/quote/`, { exemption_requested: true })).json());
    expect(exempted).toMatchObject({ amount: '30.00', exemption_allowed: true, exemption_requested: true });
    expect(exempted.lines.map((line) => line.rule)).toEqual(['case_price', 'exemption_requested']);
  });

  it('refuses hostile input with 400', async () => {
    const verification = await serviceOfType(3);
    for (const payload of [{ documents: ['passport_of_mars'] }, { documents: 'original_diploma' }, { degree_level: 'a\u0000b' }, { exemption_requested: 'yes' }]) {
      expect((await call('POST', `/services/${verification.id}/quote/`, payload)).statusCode).toBe(400);
    }
  });
});

describe('an application keeps its quoted fee', () => {
  it('admin changes the service-3 price table: a new quote follows it, an existing application keeps its fee and requirements', async () => {
    const verification = await serviceOfType(3);
    const existing = await server.db
      .selectFrom('applications')
      .select(['id', 'quoted_fee', 'fee_quote', 'document_requirements'])
      .where('service_id', '=', verification.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(existing.quoted_fee).toMatch(/^(10|15)\.00$/);
    expect(existing.document_requirements?.map((r) => r.document_type)).toContain('verification_request');

    const changed = await call(
      'PUT',
      `/services/${verification.id}/`,
      bodyOf(verification, {
        price_table: { kind: 'document_count', prices: { one_or_fewer: '12.00', more_than_one: '22.50' } },
        document_requirements: [{ document_type: 'original_diploma', required: true }],
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().fee).toBe('12.00');

    const quote = quoteAnswer.parse((await call('POST', `/services/${verification.id}/quote/`, { documents: ['original_diploma', 'original_transcript'] })).json());
    expect(quote).toMatchObject({ amount: '22.50', service_version: verification.version + 1 });

    const after = await server.db
      .selectFrom('applications')
      .select(['quoted_fee', 'fee_quote', 'document_requirements'])
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ quoted_fee: existing.quoted_fee, fee_quote: existing.fee_quote, document_requirements: existing.document_requirements });
    // The application's detail shows what it was quoted, not the service's new table.
    const detail = await call('GET', `/applications/${existing.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().fee_snapshot).toEqual({ quoted_fee: existing.quoted_fee, fee_quote: existing.fee_quote, document_requirements: existing.document_requirements });
  });

  it('switching a service’s fee off leaves an existing application on the payment step it was quoted with', async () => {
    const recognition = await serviceOfType(1);
    const submitted = await server.db
      .selectFrom('applications')
      .select(['id', 'fee_quote'])
      .where('service_id', '=', recognition.id)
      .where('status', '=', 'submitted')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(submitted.fee_quote?.fee_enabled).toBe(true);
    const actionsOf = async (id: number) => ((await call('GET', `/applications/${id}/`)).json() as { allowed_actions: { action: string }[] }).allowed_actions.map((move) => move.action);
    expect(await actionsOf(submitted.id)).toContain('request_payment');

    const changed = await call('PUT', `/services/${recognition.id}/`, bodyOf(recognition, { fee_enabled: false }));
    expect(changed.statusCode, changed.body).toBe(200);
    // A new quote is free; the application keeps asking for the fee it was quoted.
    const quote = quoteAnswer.parse((await call('POST', `/services/${recognition.id}/quote/`, { documents: ['original_diploma'] })).json());
    expect(quote.amount).toBe('0.00');
    expect(await actionsOf(submitted.id)).toContain('request_payment');
    expect(await actionsOf(submitted.id)).not.toContain('skip_payment');
  });
});
