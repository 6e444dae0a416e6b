import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS, type ApplicationListItem } from '../../src/shared/api/applications';
import type { Paginated } from '../../src/shared/api/drf';
import { generateApplications } from '../../src/server/db/application-generator';
import { insertApplications, loadServiceContext } from '../../src/server/db/application-loader';
import { EXACT_COUNT_LIMIT, pageConsistentCount } from '../../src/server/modules/applications/list-queries';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Past EXACT_COUNT_LIMIT matches the list answers the planner's estimate; paging must never
// contradict it: a short page ends the list with an exact count, a full page always has a next.

const api = (path: string) => `/api${path}`;
let server: ServerFixture;
let openCount: number;

beforeAll(async () => {
  server = await createServerFixture();
  const { serviceIds, fees, policies } = await loadServiceContext(server.db);
  const officer = await server.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('username', '=', 'officer').executeTakeFirstOrThrow();
  const context = { serviceIds, fees, officers: [{ id: officer.id, name: `${officer.first_name} ${officer.last_name}` }], councils: [] };
  const extra = [...generateApplications(EXACT_COUNT_LIMIT + 300, { seed: 77, now: new Date(), policies, firstNumber: 700_000 })];
  for (let start = 0; start < extra.length; start += 250) await insertApplications(server.db, extra.slice(start, start + 250), context);
  const open = await server.db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n')).where('archived', '=', false).executeTakeFirstOrThrow();
  openCount = Number(open.n);
}, 120_000);
afterAll(async () => server.close());

async function list(query: string): Promise<Paginated<ApplicationListItem>> {
  const answer = await server.app.inject({ url: `${api(APPLICATION_PATHS.list)}?${query}`, headers: await server.authorization('officer') });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

describe('a list past the exact-count limit', () => {
  it('answers an estimate above the limit with a next page, and the same estimate while paging', async () => {
    expect(openCount).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const first = await list('page_size=25');
    expect(first.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(first.next).not.toBeNull();
    const second = await list('page_size=25&page=2');
    expect(second.count).toBe(first.count);
    expect(second.results.map((row) => row.id)).not.toContain(first.results[0]!.id);
  });

  it('gives the exact count on the last page, whatever the estimate said', async () => {
    const lastPage = Math.ceil(openCount / 100);
    const last = await list(`page_size=100&page=${lastPage}`);
    expect(last.count).toBe(openCount);
    expect(last.next).toBeNull();
    expect(last.results.length).toBe(openCount - (lastPage - 1) * 100);
  });

  it('counts exactly below the limit', async () => {
    const row = await server.db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n')).where('archived', '=', false).where('service_type', '=', 5).executeTakeFirstOrThrow();
    expect(Number(row.n)).toBeLessThanOrEqual(EXACT_COUNT_LIMIT);
    expect((await list('service_type=5')).count).toBe(Number(row.n));
  });
});

describe('pageConsistentCount', () => {
  it('keeps an exact count, ends the list on a short page, and always leaves a full page a next one', () => {
    expect(pageConsistentCount({ count: 120, exact: true }, { limit: 25, offset: 100 }, 20)).toBe(120);
    expect(pageConsistentCount({ count: 5000, exact: false }, { limit: 25, offset: 2500 }, 7)).toBe(2507);
    expect(pageConsistentCount({ count: 5000, exact: false }, { limit: 25, offset: 2500 }, 0)).toBe(2500);
    expect(pageConsistentCount({ count: 2100, exact: false }, { limit: 100, offset: 2100 }, 100)).toBe(2201);
    expect(pageConsistentCount({ count: 9000, exact: false }, { limit: 25, offset: 0 }, 25)).toBe(9000);
  });
});
