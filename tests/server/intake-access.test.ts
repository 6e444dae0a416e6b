import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, INTAKE_MESSAGES, INTAKE_PATHS, type IntakeRequest } from '../../src/shared/api/intake';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { minimalPdf } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every counter intake endpoint × every demo group (spec §2: offline application
// creation is for administrators only): 403 for everyone else with nothing stored, 401 signed
// out; and row scope between two administrators: a file one of them staged can be neither used
// nor replaced by the other. naric.admin signs in with TOTP in the app; the fixture's token
// stands for a completed sign-in.

let server: ServerFixture;

const ADMINS = new Set(['admin', 'naric.admin']);
const USERS = DEMO_ACCOUNTS.map((account) => account.username);
const api = (path: string) => `/api${path}`;

async function upload(username: string | null, key: string, bytes = minimalPdf(`Access ${key}`)) {
  return server.app.inject({
    method: 'PUT',
    url: api(`${INTAKE_PATHS.upload(key)}?file_name=scan.pdf`),
    headers: { ...(username ? await server.authorization(username) : {}), 'content-type': 'application/pdf' },
    payload: bytes,
  });
}

async function submit(username: string | null, body: IntakeRequest, idempotencyKey = randomUUID()) {
  return server.app.inject({
    method: 'POST',
    url: api(INTAKE_PATHS.submit),
    headers: { ...(username ? await server.authorization(username) : {}), [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    payload: body,
  });
}

async function duplicates(username: string | null) {
  return server.app.inject({
    url: api(`${INTAKE_PATHS.duplicates}?personal_id=1234567890&institution_name=University%20of%20Prishtina`),
    headers: username ? await server.authorization(username) : {},
  });
}

function request(uploadKeys: readonly string[], name: string): IntakeRequest {
  return {
    service_type: 3,
    applicant: { first_name: 'Access', last_name: name, personal_id: `ACC-${name}`, email: 'access@example.com' },
    education: { institution_name: 'University of Prishtina' },
    documents: uploadKeys.map((key) => ({ upload_key: key, document_type: 'original_diploma' })),
    quoted_total: uploadKeys.length > 1 ? '15.00' : '10.00',
    taken_at: new Date().toISOString(),
  };
}

const applicationsOf = (name: string) => server.db.selectFrom('applicants').select('id').where('last_name', '=', name).execute();

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe.each(USERS)('%s', (username) => {
  if (ADMINS.has(username)) {
    it('stages a file, submits it once and checks for duplicates', async () => {
      const key = randomUUID();
      expect((await upload(username, key)).statusCode).toBe(201);
      const created = await submit(username, request([key], username));
      expect(created.statusCode, created.body).toBe(201);
      expect((await duplicates(username)).statusCode).toBe(200);
    });
  } else {
    it('gets 403 from every endpoint, and nothing is stored', async () => {
      const key = randomUUID();
      const staged = randomUUID();
      expect((await upload('admin', staged)).statusCode).toBe(201);
      const answers = [await upload(username, key), await upload(username, staged), await submit(username, request([staged], username)), await duplicates(username)];
      expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403]);
      for (const answer of answers) expect(answer.json().code).toBe('permission_denied');
      expect(await server.db.selectFrom('intake_uploads').select('upload_key').where('upload_key', '=', key).execute()).toEqual([]);
      expect(await applicationsOf(username)).toEqual([]);
    });
  }
});

describe('signed out', () => {
  it('gets 401 from every endpoint', async () => {
    const key = randomUUID();
    const answers = [await upload(null, key), await submit(null, request([key], 'guest')), await duplicates(null)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401]);
    expect(await server.db.selectFrom('intake_uploads').select('upload_key').where('upload_key', '=', key).execute()).toEqual([]);
  });
});

describe('row scope between administrators', () => {
  it('keeps a staged file to the administrator who sent it', async () => {
    const key = randomUUID();
    const pdf = minimalPdf('Staged by admin');
    expect((await upload('admin', key, pdf)).statusCode).toBe(201);

    // The other administrator can neither replace it (same or other bytes) …
    for (const bytes of [pdf, minimalPdf('Replacement')]) {
      const replaced = await upload('naric.admin', key, bytes);
      expect(replaced.statusCode).toBe(409);
      expect(replaced.json().detail).toBe(INTAKE_MESSAGES.uploadKeyReused);
    }
    // … nor use it: to them it is a file the server does not hold.
    const used = await submit('naric.admin', request([key], 'scope-b'));
    expect(used.statusCode).toBe(409);
    expect(used.json().detail).toBe(INTAKE_MESSAGES.uploadMissing);
    expect(await applicationsOf('scope-b')).toEqual([]);

    const row = await server.db.selectFrom('intake_uploads').select(['application_id', 'owner_id']).where('upload_key', '=', key).executeTakeFirstOrThrow();
    expect(row.application_id).toBeNull();
    // Its owner still can.
    expect((await submit('admin', request([key], 'scope-a'))).statusCode).toBe(201);
  });

  it('keeps Idempotency-Keys per administrator: the same key from another one is a submission of their own', async () => {
    const idempotencyKey = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    expect((await upload('admin', a)).statusCode).toBe(201);
    expect((await upload('naric.admin', b)).statusCode).toBe(201);
    const first = await submit('admin', request([a], 'key-a'), idempotencyKey);
    const second = await submit('naric.admin', request([b], 'key-b'), idempotencyKey);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().id).not.toBe(first.json().id);
    expect(second.json().replayed).toBe(false);
  });
});
