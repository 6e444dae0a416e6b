import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceListAnswer, type Service } from '../../src/shared/api/services';
import { SERVICE_DEGREE_OPTIONS, type ServiceType } from '../../src/shared/constants';
import { DOCUMENT_TYPES } from '../../src/shared/document-types';
import { ACADEMIC_INFORMATION_REQUEST_TYPES, FEE_PROBLEM_MESSAGES, quoteFee } from '../../src/shared/domain/fees';
import { fromCents } from '../../src/shared/domain/fees-money';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The server's quote equals the shared engine's (the renderer's and the offline form's) for random
// applications of every seeded service: same amount and lines when priced, the same fields refused
// when not.

let server: ServerFixture;
let services: Service[];

beforeAll(async () => {
  server = await createServerFixture();
  services = serviceListAnswer.parse((await server.app.inject({ url: '/api/services/', headers: await server.authorization('officer') })).json()).results;
});
afterAll(async () => server?.close());

const allDegrees = [...new Set(Object.values(SERVICE_DEGREE_OPTIONS).flat())];

describe('POST /services/{id}/quote/', () => {
  it('answers what the shared fees engine computes, for random inputs', async () => {
    const headers = await server.authorization('officer');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 4 }),
        fc.record({
          documents: fc.array(fc.constantFrom(...DOCUMENT_TYPES), { maxLength: 8 }),
          degree_level: fc.option(fc.constantFrom(...allDegrees), { nil: null }),
          request_type: fc.option(fc.constantFrom(...ACADEMIC_INFORMATION_REQUEST_TYPES, 'unknown_request'), { nil: null }),
          exemption_requested: fc.boolean(),
        }),
        async (index, input) => {
          const service = services[index]!;
          const answer = await server.app.inject({ method: 'POST', url: `/api/services/${service.id}/quote/`, headers, payload: input });
          const expected = quoteFee({ ...service, service_type: service.service_type as ServiceType }, input);
          if (expected.ok) {
            expect(answer.statusCode, answer.body).toBe(200);
            const body = answer.json();
            expect(body.amount).toBe(fromCents(expected.quote.total_cents));
            expect(body.price_case).toBe(expected.quote.price_case);
            expect(body.lines.map(({ label: _label, ...line }: { label: string }) => line)).toEqual(
              expected.quote.lines.map(({ amount_cents, ...line }) => ({ ...line, amount: fromCents(amount_cents) })),
            );
          } else {
            expect(answer.statusCode).toBe(400);
            const fields: Record<string, string[]> = {};
            for (const problem of expected.problems) (fields[problem.field] ??= []).push(FEE_PROBLEM_MESSAGES[problem.code]);
            expect(answer.json()).toMatchObject(fields);
          }
        },
      ),
      { numRuns: 60, seed: 1212 },
    );
  });
});
