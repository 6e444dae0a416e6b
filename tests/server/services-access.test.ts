import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceListAnswer, type Service, type ServiceCreate } from '../../src/shared/api/services';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every services endpoint × every demo group (spec §2/§6): reads and quotes are open to
// every signed-in user (other screens show service names and fees); every write and the history
// are for administrators only — 403 for everyone else, with nothing changed; 401 signed out.

let server: ServerFixture;
let target: Service;

const ADMINS = new Set(['admin', 'naric.admin']);
const USERS = DEMO_ACCOUNTS.map((account) => account.username);

const draft = (name: string): ServiceCreate => ({
  service_type: 5,
  category: 'academic_information',
  name_en: `Access check ${name}`,
  name_sq: `Kontroll qasjeje ${name}`,
  name_sr: `Provera pristupa ${name}`,
  fee_enabled: true,
  fee_exemption_allowed: false,
  processing_time_days: 5,
  council_required: false,
  price_table: { kind: 'request_type', prices: { general_academic_information: '1.00', recognition_status_confirmation: '2.00', institution_accreditation_information: '3.00' } },
});

function writeBody(service: Service) {
  const { id: _id, fee: _fee, application_count: _count, created_at: _created, updated_at: _updated, ...fields } = service;
  return fields;
}

async function send(username: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  server = await createServerFixture();
  const list = serviceListAnswer.parse((await send('admin', 'GET', '/services/?category=kosovo_verification')).json());
  target = list.results[0]!;
});
afterAll(async () => server?.close());

describe.each(USERS)('%s', (username) => {
  const admin = ADMINS.has(username);

  it('reads the list and a service, and quotes', async () => {
    expect((await send(username, 'GET', '/services/')).statusCode).toBe(200);
    expect((await send(username, 'GET', `/services/${target.id}/`)).statusCode).toBe(200);
    expect((await send(username, 'POST', `/services/${target.id}/quote/`, { documents: ['original_diploma'] })).statusCode).toBe(200);
  });

  it(admin ? 'reads the history' : 'may not read the history (403)', async () => {
    const answer = await send(username, 'GET', `/services/${target.id}/history/`);
    expect(answer.statusCode).toBe(admin ? 200 : 403);
    if (!admin) expect(answer.json().code).toBe('permission_denied');
  });

  if (admin) {
    it('creates, changes, disables, enables and deletes a service', async () => {
      const created = await send(username, 'POST', '/services/', draft(username));
      expect(created.statusCode, created.body).toBe(201);
      const service = created.json() as Service;
      const changed = await send(username, 'PUT', `/services/${service.id}/`, { ...writeBody(service), processing_time_days: 6 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await send(username, 'POST', `/services/${service.id}/disable/`, { version: 2 })).statusCode).toBe(200);
      expect((await send(username, 'POST', `/services/${service.id}/enable/`, { version: 3 })).statusCode).toBe(200);
      expect((await send(username, 'DELETE', `/services/${service.id}/`)).statusCode).toBe(204);
    });
  } else {
    it('gets 403 from every write, and nothing changes', async () => {
      const before = await send('admin', 'GET', `/services/${target.id}/`);
      const refusals = [
        await send(username, 'POST', '/services/', draft(username)),
        await send(username, 'PUT', `/services/${target.id}/`, { ...writeBody(target), processing_time_days: 99 }),
        await send(username, 'POST', `/services/${target.id}/disable/`, { version: target.version }),
        await send(username, 'POST', `/services/${target.id}/enable/`, { version: target.version }),
        await send(username, 'DELETE', `/services/${target.id}/`),
      ];
      expect(refusals.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403]);
      expect((await send('admin', 'GET', `/services/${target.id}/`)).json()).toEqual(before.json());
      const created = await server.db.selectFrom('services').select('id').where('name_en', '=', `Access check ${username}`).execute();
      expect(created).toEqual([]);
    });
  }
});

describe('signed out', () => {
  it('gets 401 from every endpoint', async () => {
    const answers = [
      await send(null, 'GET', '/services/'),
      await send(null, 'GET', `/services/${target.id}/`),
      await send(null, 'POST', '/services/', draft('guest')),
      await send(null, 'PUT', `/services/${target.id}/`, writeBody(target)),
      await send(null, 'POST', `/services/${target.id}/disable/`, { version: target.version }),
      await send(null, 'POST', `/services/${target.id}/enable/`, { version: target.version }),
      await send(null, 'DELETE', `/services/${target.id}/`),
      await send(null, 'GET', `/services/${target.id}/history/`),
      await send(null, 'POST', `/services/${target.id}/quote/`, {}),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(9).fill(401));
  });
});
