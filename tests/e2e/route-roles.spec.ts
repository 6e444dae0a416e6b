import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { generate } from 'otplib';
import { ROUTE_TABLE, type RouteRow } from '../../src/renderer/app/route-table';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { DEMO_BACKUP_CODES, DEMO_TOTP_SECRET, DEMO_TWO_FACTOR_USERNAME } from '../../src/server/modules/auth/demo-two-factor';
import type { User } from '../../src/shared/api/auth';
import { LANGUAGES, type Language } from '../../src/shared/constants';
import { seriousAccessibilityViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { expectedLanding, fillPath, rowFor } from './support/route-expectations';
import { DEMO_PASSWORD, signIn, watchSessionTokens } from './support/session-helpers';

// Route × role × language, generated from the route table (src/renderer/app/route-table.ts):
// every row opened by a guest and by every demo group, in en, sq and sr. For each it checks where
// the user lands (computed by the renderer's own guard from the same table), that nothing throws
// or logs an error, that a screen the role may open shows no load error, and that axe finds no
// serious or critical WCAG 2.1 A/AA violation, and that no table cell holding a reference, date,
// amount, status or number is cut at 1280×720 or 1440×900 (once per screen and language). A new screen is covered by adding its row; the
// only per-route knowledge here is a demo value for each path parameter name (paramLookups).
//
// Speed: each group signs in once and moves between screens inside the page (the browser shell
// keeps its session in page memory), switching language with the language switcher; a visit is
// one round trip that opens the row and waits for it inside the page (openAndSettle), and axe is
// injected once per page (support/accessibility.ts).

const ENDONYMS: Record<Language, string> = { en: 'English', sq: 'Shqip', sr: 'Srpski' };
const root = resolve(import.meta.dirname, '../..');
const texts = (language: Language) =>
  JSON.parse(readFileSync(resolve(root, `locales/${language}/common.json`), 'utf8')) as { accessDenied: { title: string } };

/** The rows as the suite opens them: the not-found row as a path no route has. */
const rowPath = (row: RouteRow, params: Record<string, string>) =>
  row.path === '*' ? `/no-such-screen-${Math.random().toString(36).slice(2, 10)}` : fillPath(row, params);

interface Session {
  access: string;
  user: User;
}

async function api<T>(request: APIRequestContext, session: Session, method: 'GET' | 'POST', path: string): Promise<{ status: number; body: T }> {
  const answer = await request.fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${session.access}` } });
  return { status: answer.status(), body: (await answer.json().catch(() => null)) as T };
}

/** Signs in through the API (no page): for lookups that need an admin. */
async function apiSession(request: APIRequestContext, username: string): Promise<Session> {
  const answer = await request.post('/api/auth/admin/login/', { data: { username, password: DEMO_PASSWORD } });
  expect(answer.ok(), `API sign-in of ${username}`).toBe(true);
  const { access, user } = (await answer.json()) as { access: string; user: User };
  return { access, user };
}

/**
 * A demo value for each path parameter name, as the role sees the data: an application it can
 * open and a verdict on that application (the demo data has none, so an admin starts a draft,
 * which the server hands back on every later start). Names without data of their own yet (the
 * screens of later versions) take the application's id: those screens fetch nothing.
 */
interface RouteParams {
  /** A demo value per path parameter name. */
  values: Record<string, string>;
  /** The values are the role's own data (false: another role's, which this role may not see). */
  own: boolean;
  /** Parameters whose value is another role's record although `own` holds (e.g. an appeal outside the role's scope). */
  foreign?: readonly string[];
}

async function paramLookups(request: APIRequestContext, session: Session, admin: Session): Promise<RouteParams> {
  const own = await api<{ results: { id: number }[] }>(request, session, 'GET', '/applications/?page_size=1');
  const anyone = await api<{ results: { id: number }[] }>(request, admin, 'GET', '/applications/?page_size=1');
  const application = (own.status === 200 ? own.body.results[0] : undefined) ?? anyone.body.results[0]!;
  const verdict = await api<{ id: number }>(request, admin, 'POST', `/applications/${application.id}/verdicts/`);
  expect([200, 201]).toContain(verdict.status);
  // A demo service for the admin-only service screens (every other role is turned away before they fetch).
  const services = await api<{ results: { id: number }[] }>(request, admin, 'GET', '/services/?page_size=1');
  expect(services.status).toBe(200);
  // A council, an expert commission and an expert review: the role's own where it has one (an
  // evaluator's review), else one the administrator sees (a role without the permission is turned
  // away before the screen fetches).
  const ownAppeals = await api<{ results: { id: number }[] }>(request, session, 'GET', '/appeals/?page_size=1');
  // The demo's person who asked for erasure (an administrator's screen: every other role is turned away first).
  const erasureRequests = await api<{ applicant_id: number }[]>(request, admin, 'GET', '/personal-data/erasure-requests/');
  expect(erasureRequests.status, 'GET /personal-data/erasure-requests/ as admin').toBe(200);
  const firstId = async (path: string) => {
    const mine = await api<{ results: { id: number }[] }>(request, session, 'GET', path);
    const anyone = mine.status === 200 && mine.body.results.length > 0 ? mine : await api<{ results: { id: number }[] }>(request, admin, 'GET', path);
    expect(anyone.status, `GET ${path} as admin`).toBe(200);
    return String(anyone.body.results[0]!.id);
  };
  return {
    values: {
      id: String(application.id),
      applicationId: String(application.id),
      verdictId: String(verdict.body.id),
      serviceId: String(services.body.results[0]!.id),
      councilId: await firstId('/councils/?page_size=1'),
      commissionId: await firstId('/expert-commissions/?page_size=1'),
      reviewId: await firstId('/expert-reviews/?page_size=1'),
      // A user the administrator manages (admin-only screens: every other role is turned away first).
      userId: await firstId('/users/?page_size=1&search=officer'),
      paymentId: await firstId('/payments/?page_size=1&status=paid'),
      // A demo news article (roles without news.view_news are turned away first).
      articleId: await firstId('/news/?page_size=1'),
      // A demo appeal (roles that cannot read applications are turned away first).
      appealId: await firstId('/appeals/?page_size=1'),
      // A demo institution (an administrator's screen: every other role is turned away first).
      institutionId: await firstId('/reference/institutions/?page_size=1'),
      // A demo diploma specimen (roles that do not verify documents are turned away first).
      specimenId: await firstId('/reference/specimens/?page_size=1'),
      personId: String(erasureRequests.body[0]!.applicant_id),
    },
    own: own.status === 200 && own.body.results.length > 0,
    // A role that reads applications but has no appeal in its scope opens the administrator's: "not found" there.
    foreign: ownAppeals.status === 200 && ownAppeals.body.results.length > 0 ? [] : ['appealId'],
  };
}

/**
 * The page's API calls in flight, so a screen is judged once it has had its answers. Kept as a
 * set of requests, not a counter: a call already under way when tracking starts (just after
 * signing in) would end without having been counted, and drive a counter below zero.
 */
function trackApiCalls(page: Page) {
  const inFlight = new Set<Request>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => void (isApi(request.url()) && inFlight.add(request)));
  const done = (request: Request) => void inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { count: () => inFlight.size, pending: () => [...inFlight].map((request) => `${request.method()} ${new URL(request.url()).pathname}`) };
}

/** Moves inside the single-page app as a link would, without reloading (which would end the session). */
async function openInPage(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: window.history.length }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** What the page showed after opening a row, and how long each step took inside the page. */
interface Arrival {
  /** The address whose screen is on display (route-screen.tsx), '' while none is. */
  rendered: string;
  landed: boolean;
  /** A visible h1 and no loading indicator. */
  settled: boolean;
  landingMs: number;
  settleMs: number;
  /** The texts of the error alerts on display. */
  errorAlerts: string[];
}

/**
 * Opens `path` as a link would and waits, inside the page, until the app says it shows the screen
 * of `expected` (route-screen.tsx sets the address once React has committed it; the URL changes
 * before that) and that screen has drawn its heading and finished loading: one round trip per
 * visit, polling every few milliseconds, where separate Playwright waits cost a round trip each and
 * idle steps of up to a second.
 */
function openAndSettle(page: Page, path: string, expected: string): Promise<Arrival> {
  return page.evaluate(
    async ({ path, expected, timeoutMs }) => {
      const root = document.documentElement;
      const started = performance.now();
      // Forget the previous screen's address, so a screen left on the same address (every refusal
      // lands on one page) is not taken for the new one; opening the address already on display
      // renders nothing new, and keeps it.
      if (`${window.location.pathname}${window.location.search}` !== path) delete root.dataset.renderedLocation;
      window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: window.history.length }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      const until = async (ready: () => boolean) => {
        while (!ready()) {
          if (performance.now() - started > timeoutMs) return false;
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        return true;
      };
      const landed = await until(() => root.dataset.renderedLocation === expected);
      const landingMs = performance.now() - started;
      const settled =
        landed &&
        (await until(() => {
          const heading = document.querySelector('h1');
          const visible = heading !== null && heading.checkVisibility({ visibilityProperty: true }) && heading.getBoundingClientRect().width > 0;
          return visible && document.querySelector('.page-loading, [role="progressbar"]') === null;
        }));
      return {
        rendered: root.dataset.renderedLocation ?? '',
        landed,
        settled,
        landingMs,
        settleMs: performance.now() - started - landingMs,
        errorAlerts: [...document.querySelectorAll<HTMLElement>('.alert--error')].map((alert) => alert.innerText),
      };
    },
    { path, expected, timeoutMs: 10_000 },
  );
}

const errorAlertsOf = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.alert--error')].map((alert) => alert.innerText));

async function chooseLanguage(page: Page, language: Language) {
  const switcher = page.getByRole('button', { name: new RegExp(Object.values(ENDONYMS).join('|')) }).first();
  if ((await switcher.textContent())?.includes(ENDONYMS[language])) return;
  await switcher.click();
  await page.getByRole('option', { name: ENDONYMS[language] }).click();
  // The document's language is the locale tag of the language (sr-Latn for Serbian Latin).
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}(-|$)`));
}

/**
 * Polling steps for the wait on the API calls still in flight: Playwright's default steps (100,
 * 250, 500, 1000 ms) spent most of the suite's time idle, since they end within a few milliseconds.
 */
const QUICK_POLL = [10, 20, 50, 100];

interface Finding {
  route: string;
  language: Language;
  problem: string;
}

/** Time spent per phase and how often things happened, printed with each test so the suite's cost stays visible. */
class Stopwatch {
  private readonly totals = new Map<string, number>();
  private readonly counts = new Map<string, number>();
  async time<T>(phase: string, work: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await work();
    } finally {
      this.add(phase, Date.now() - started);
    }
  }
  add(phase: string, ms: number) {
    this.totals.set(phase, (this.totals.get(phase) ?? 0) + ms);
  }
  count(what: string) {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }
  toString() {
    const times = [...this.totals].map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`);
    return [...times, ...[...this.counts].map(([what, n]) => `${n} ${what}`)].join(', ');
  }
}

/**
 * What axe has read, per screen, language and whether it was a refusal: the kinds of element seen
 * there (markupKinds). Kept across the groups' tests. A group's visit is read again only when it
 * shows a kind of element axe has not read on that screen yet (an action button of its own, a
 * column, a field); a group that sees the same kinds (the two administrators, a role seeing a
 * subset of an administrator's screen) would have axe read the same markup again.
 */
const axedKinds = new Map<string, Set<string>>();

/**
 * The kinds of element on the page, as axe's rules tell them apart: tag, classes (colours and
 * contrast come with them), role, input type, which aria attributes it carries, and whether it has
 * the texts a name can come from. Row counts, ids
 * and the words themselves are left out: a longer list or other data is no new markup.
 */
function markupKinds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const kinds = new Set<string>();
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const aria = element
        .getAttributeNames()
        .filter((name) => name.startsWith('aria-') || name === 'role' || name === 'tabindex' || name === 'alt' || name === 'title' || name === 'for' || name === 'type')
        .map((name) => (name === 'role' || name === 'type' || name === 'tabindex' ? `${name}=${element.getAttribute(name)}` : name))
        .sort()
        .join(',');
      const named = element.children.length === 0 && (element.textContent ?? '').trim() !== '' ? 'text' : '';
      const classes = [...element.classList].sort().join('.');
      kinds.add(`${element.tagName.toLowerCase()}.${classes}[${aria}]${named}`);
    }
    return [...kinds];
  });
}

/**
 * The screens whose tables were checked for cut identifiers, by language and screen: once each,
 * whoever opens it first (the check needs rows, not a reader's actions).
 */
const measuredScreens = new Set<string>();

/** The sizes of an office monitor the tables are checked at (the suite's page is the first). */
const TABLE_SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

/**
 * The table cells holding a reference, date, amount, status or number whose content does not fit
 * their box (data-table.tsx marks them with data-kind), measured inside the page in one call.
 * Returns how many such cells there are, so a screen without any is not measured at other sizes.
 */
function cutNaturalCells(page: Page, resized: boolean): Promise<{ cells: number; cut: string[] }> {
  return page.evaluate(async (resized) => {
    // After a new window size, let the table follow it (it leaves out columns by its own width).
    if (resized) await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const cells = document.querySelectorAll<HTMLElement>('.data-table__cell:is([data-kind="reference"], [data-kind="date"], [data-kind="amount"], [data-kind="status"], [data-kind="number"])');
    const cut = new Set<string>();
    for (const cell of cells) {
      if (cell.scrollWidth > cell.clientWidth) cut.add(`${cell.dataset.kind} "${cell.innerText.trim()}" (${cell.scrollWidth} px in ${cell.clientWidth})`);
    }
    return { cells: cells.length, cut: [...cut].slice(0, 5) };
  }, resized);
}

/**
 * Rows that turn a reader away (to the access-denied notice, or a guest to sign-in) land on a
 * screen the guard chooses from the row and the reader's permissions alone: the language plays no
 * part in it. Such a row is opened once per demo account, in the first language; in the other languages
 * only the first turned-away row per landing screen is opened, which checks the notice and the
 * landing screen's text in that language. Of the suite's ~1,550 visits, ~880 were turn-aways that
 * repeated the same landing in each language.
 */
const turnedAwayRows = new Set<string>();
const turnedAwayLandings = new Set<string>();

/**
 * Opens every row in every language as the page's user (or a guest), collecting what is wrong.
 * axe runs on every screen the users actually see, in every language, once per screen (the home
 * screen once per set of permissions): rows that lead to the same screen (every refusal lands on
 * the same page) are checked once per language, since axe would read the same markup.
 */
async function visitEveryRoute(page: Page, user: User | null, params: RouteParams, findings: Finding[], stopwatch: Stopwatch) {
  const apiCalls = trackApiCalls(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });

  for (const language of LANGUAGES) {
    // The switcher sits in the banner of the sign-in screen and of the signed-in layout (not on
    // the standalone not-found screen the previous language may have ended on).
    await openInPage(page, user ? '/profile' : '/login');
    await stopwatch.time('language', () => chooseLanguage(page, language));
    const denied = texts(language).accessDenied.title;
    for (const row of ROUTE_TABLE) {
      const path = rowPath(row, params.values);
      const expected = expectedLanding(path, user);
      const report = (problem: string) => findings.push({ route: `${row.id} (${path})`, language, problem });
      const turnedAway = expected !== path && row.path !== '*';
      if (turnedAway) {
        const account = user?.username ?? 'guest';
        const rowKey = `${account} ${row.id}`;
        const landingKey = `${account} ${language} ${rowFor(expected.split('?')[0]!).id}`;
        if (turnedAwayRows.has(rowKey) && turnedAwayLandings.has(landingKey)) {
          stopwatch.count('turn-aways known');
          continue;
        }
        turnedAwayRows.add(rowKey);
        turnedAwayLandings.add(landingKey);
      }
      errors.length = 0;
      stopwatch.count('visits');
      const arrival = await stopwatch.time('navigate', () => openAndSettle(page, path, expected));
      stopwatch.add('(in page: landing)', arrival.landingMs);
      stopwatch.add('(in page: settle)', arrival.settleMs);
      if (!arrival.landed) {
        report(`landed on ${arrival.rendered} (address bar ${new URL(page.url()).pathname}${new URL(page.url()).search}), expected ${expected}`);
        continue;
      }
      if (!arrival.settled) {
        report('no visible heading, or still loading, after 10 s');
        continue;
      }
      // A screen is judged once it has had its API answers (the page may still await a second one).
      let errorAlerts = arrival.errorAlerts;
      if (apiCalls.count() > 0) {
        const answered = await stopwatch.time('network', () =>
          expect
            .poll(apiCalls.count, { timeout: 10_000, intervals: QUICK_POLL })
            .toBe(0)
            .then(
              () => true,
              () => false,
            ),
        );
        if (!answered) {
          report(`API calls unanswered after 10 s: ${apiCalls.pending().join(', ')}`);
          continue;
        }
        errorAlerts = await errorAlertsOf(page);
      }

      const refused = expected !== path && expected.includes('error=access_denied');
      if (refused) {
        if (!errorAlerts.some((text) => text.includes(denied))) report('turned away without the access-denied notice');
      }
      const otherAlerts = errorAlerts.filter((text) => !(refused && text.includes(denied)));
      // A role that sees no application of its own (evaluators until expert reviews exist) opens
      // someone else's: its screens rightly answer "not found" there, which is no load failure.
      const foreignRecord = (!params.own && row.path.includes(':')) || (params.foreign ?? []).some((name) => row.path.includes(`:${name}`));
      if (otherAlerts.length > 0 && !foreignRecord) report(`error shown: ${otherAlerts.join(' | ').replace(/\s+/g, ' ')}`);
      // Chromium logs the API's 404 for that record as a console error of its own.
      const expectedNotFound = (error: string) => foreignRecord && /Failed to load resource: .* 404/.test(error);
      for (const error of errors) if (!expectedNotFound(error)) report(error);
      const screen = rowFor(expected.split('?')[0]!);
      const measureKey = `${language} ${screen.id}`;
      if (!refused && !measuredScreens.has(measureKey)) {
        const first = await stopwatch.time('tables', () => cutNaturalCells(page, false));
        // A screen without rows (yet) is measured on a later visit, by a role that has some.
        if (first.cells > 0) {
          measuredScreens.add(measureKey);
          stopwatch.count('table checks');
          // Measured at the size the page has, then at the other; the page stays at that one (the
          // next screen starts from it), so each check costs one resize, not two.
          const viewport = page.viewportSize() ?? TABLE_SIZES[0];
          const other = TABLE_SIZES.find((candidate) => candidate.width !== viewport.width)!;
          await stopwatch.time('tables', () => page.setViewportSize(other));
          const sizes = [
            { size: viewport, result: first },
            { size: other, result: await stopwatch.time('tables', () => cutNaturalCells(page, true)) },
          ];
          for (const { size, result } of sizes) {
            for (const cell of result.cut) report(`at ${size.width}×${size.height} a ${cell} is cut`);
          }
        }
      }
      const axeKey = `${language} ${screen.id} ${refused}`;
      const kinds = await stopwatch.time('axe', () => markupKinds(page));
      const read = axedKinds.get(axeKey) ?? new Set<string>();
      if (kinds.some((kind) => !read.has(kind))) {
        for (const kind of kinds) read.add(kind);
        axedKinds.set(axeKey, read);
        stopwatch.count('axe runs');
        for (const violation of await stopwatch.time('axe', () => seriousAccessibilityViolations(page))) report(`axe: ${violation}`);
      }
    }
  }
}

const describeFindings = (findings: Finding[]) => findings.map((f) => `${f.language} ${f.route}: ${f.problem}`).join('\n');

test.describe('every route as every demo group, in every language', () => {
  // Two workers were measured and gave nothing: on 2 cores each group then takes twice as long.
  test.describe.configure({ timeout: 10 * 60_000 });

  test('a guest is sent to sign in from every screen but the sign-in and not-found screens', async ({ page, shell }) => {
    test.skip(shell !== 'web', 'route × role does not cross the bridge');
    await page.goto('/login');
    const findings: Finding[] = [];
    const stopwatch = new Stopwatch();
    await visitEveryRoute(page, null, { values: { id: '1', applicationId: '1', verdictId: '1', serviceId: '1', councilId: '1', commissionId: '1', reviewId: '1', userId: '1', paymentId: '1', articleId: '1', appealId: '1', institutionId: '1', specimenId: '1', personId: '1' }, own: true }, findings, stopwatch);
    console.info(`guest: ${stopwatch}`);
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  for (const account of DEMO_ACCOUNTS) {
    test(`${account.username} (${account.group})`, async ({ page, shell, request, desktopMain }, testInfo) => {
      test.skip(shell !== 'web', 'route × role does not cross the bridge');
      const tokens = watchSessionTokens(page, shell, desktopMain);
      await page.goto('/login');
      await signIn(page, account.username, DEMO_PASSWORD);
      if (account.username === DEMO_TWO_FACTOR_USERNAME) {
        // The demo TOTP secret is public (demo-two-factor.ts); a retry within the same 30 s step
        // would be refused as a replay, so it uses one of the demo backup codes instead.
        const code = testInfo.retry === 0 ? await generate({ secret: DEMO_TOTP_SECRET }) : DEMO_BACKUP_CODES[testInfo.retry]!;
        if (testInfo.retry > 0) await page.getByRole('button', { name: /backup code/i }).click();
        await page.getByRole('textbox', { name: testInfo.retry === 0 ? 'Authenticator code' : /backup code/i }).fill(code);
        await page.getByRole('button', { name: 'Verify' }).click();
      }
      await expect(page).not.toHaveURL(/\/login/);
      const access = await tokens.access();
      const me = await request.get('/api/auth/me/', { headers: { Authorization: `Bearer ${access}` } });
      const session: Session = { access, user: (await me.json()) as User };
      // Signing in lands where the guard's landing rule says.
      expect(new URL(page.url()).pathname).toBe(expectedLanding('/login', session.user));

      const admin = account.username === 'admin' ? session : await apiSession(request, 'admin');
      const params = await paramLookups(request, session, admin);
      const findings: Finding[] = [];
      const stopwatch = new Stopwatch();
      await visitEveryRoute(page, session.user, params, findings, stopwatch);
      console.info(`${account.username}: ${stopwatch}`);
      expect(findings, describeFindings(findings)).toEqual([]);
    });
  }
});
