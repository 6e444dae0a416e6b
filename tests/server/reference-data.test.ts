import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryListAnswer } from '../../src/shared/api/reference';
import { serviceListAnswer } from '../../src/shared/api/services';
import { demoAccountsAnswer } from '../../src/shared/api/system';
import { SERVICE_DEGREE_OPTIONS } from '../../src/shared/constants';
import { buildApp } from '../../src/server/app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/demo-accounts';
import { createLogger } from '../../src/server/logger';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

describe('reference data and demo accounts', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());

  describe('GET /api/countries/', () => {
    it('pages through all countries with DRF links that keep the other parameters', async () => {
      const first = countryListAnswer.parse((await server.app.inject({ url: '/api/countries/?page_size=100' })).json());
      expect(first.count).toBeGreaterThanOrEqual(250);
      expect(first.results).toHaveLength(100);
      expect(first.previous).toBeNull();
      expect(first.next).toBe('/api/countries/?page_size=100&page=2');

      const last = countryListAnswer.parse((await server.app.inject({ url: '/api/countries/?page_size=100&page=3' })).json());
      expect(last.next).toBeNull();
      expect(last.previous).toBe('/api/countries/?page_size=100&page=2');
      expect(first.results.length + 100 + last.results.length).toBe(first.count);

      const second = countryListAnswer.parse((await server.app.inject({ url: '/api/countries/?page=2&page_size=100' })).json());
      expect(second.previous).toBe('/api/countries/?page_size=100');

      const names = first.results.map((c) => c.name_en);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('never builds the links from the Host header a client sends', async () => {
      const answer = await server.app.inject({ url: '/api/countries/?page_size=100&page=2', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
      const page = countryListAnswer.parse(answer.json());
      expect(page.next).toBe('/api/countries/?page_size=100&page=3');
      expect(page.previous).toBe('/api/countries/?page_size=100');
      expect(JSON.stringify(page)).not.toContain('evil.example');
    });

    it('builds absolute links from the configured public address only', async () => {
      const configured = await createServerFixture({ config: { publicBaseUrl: 'https://naric.example/office' } });
      try {
        const answer = await configured.app.inject({ url: '/api/countries/?page_size=100', headers: { host: 'evil.example' } });
        expect(countryListAnswer.parse(answer.json()).next).toBe('https://naric.example/office/api/countries/?page_size=100&page=2');
      } finally {
        await configured.close();
      }
    });

    it('answers a page past the end with 404 "Invalid page."', async () => {
      const answer = await server.app.inject({ url: '/api/countries/?page=99' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: 'Invalid page.', code: 'invalid_page' });
    });

    it.each([
      ['Gjermani', 'DE'],
      ['nemačka', 'DE'],
      ['germany', 'DE'],
      ['Kosov', 'XK'],
      ['xk', 'XK'],
    ])('finds %s in any of the three languages', async (search, code) => {
      const answer = countryListAnswer.parse((await server.app.inject({ url: `/api/countries/?search=${encodeURIComponent(search)}` })).json());
      expect(answer.results.map((c) => c.code)).toContain(code);
    });

    it('treats % and _ in a search as letters', async () => {
      const answer = countryListAnswer.parse((await server.app.inject({ url: '/api/countries/?search=%25' })).json());
      expect(answer).toEqual({ count: 0, next: null, previous: null, results: [] });
    });
  });

  describe('GET /api/services/', () => {
    it('is for signed-in users only', async () => {
      const answer = await server.app.inject({ url: '/api/services/' });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('not_authenticated');
    });

    it('lists the five services with fees as decimal text and their document requirements', async () => {
      const answer = await server.app.inject({ url: '/api/services/', headers: await server.authorization('council') });
      expect(answer.statusCode).toBe(200);
      const body = serviceListAnswer.parse(answer.json());
      expect(body.count).toBe(5);
      expect(body.results.map((s) => s.service_type)).toEqual([1, 2, 3, 4, 5]);
      const recognition = body.results[0];
      expect(recognition).toMatchObject({ category: 'higher_education', fee: '30.00', council_required: true });
      expect(recognition.degree_options).toEqual([...SERVICE_DEGREE_OPTIONS[1]]);
      expect(recognition.document_requirements.map((r) => r.document_type)).toContain('original_diploma');
      expect(body.results[2].degree_options).toEqual([]);
    });
  });

  describe('GET /api/demo/accounts/', () => {
    it('lists the demo accounts in demo mode', async () => {
      const body = demoAccountsAnswer.parse((await server.app.inject({ url: '/api/demo/accounts/' })).json());
      expect(body.demo).toBe(true);
      expect(body.accounts).toEqual(DEMO_ACCOUNTS.map(({ group, username }) => ({ group, username, password: DEMO_PASSWORD })));
    });

    it('lists nothing outside demo mode', async () => {
      const app = buildApp({
        db: server.db,
        config: { ...server.config, demo: false },
        storage: server.storage,
        logger: createLogger('silent'),
      });
      try {
        const answer = await app.inject({ url: '/api/demo/accounts/' });
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ demo: false, accounts: [] });
        expect(answer.body).not.toContain(DEMO_PASSWORD);
        // Demo mode is no business of a signed-out caller (docs/access.md); an admin reads it.
        expect((await app.inject({ url: '/api/health/' })).json()).not.toHaveProperty('demo');
        expect((await app.inject({ url: '/api/health/', headers: await server.authorization('admin') })).json().demo).toBe(false);
      } finally {
        await app.close();
      }
    });
  });
});
