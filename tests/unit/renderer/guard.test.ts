import { describe, expect, it } from 'vitest';
import { accessDeniedPath, decideAccess, isSafeRedirect, landingPath, refusalReason, type Access } from '../../../src/renderer/app/guard';
import { ROUTE_TABLE, type RouteRow } from '../../../src/renderer/app/route-table';
import { ALL_PERMISSIONS } from '../../../src/shared/auth/permissions';
import { DEMO_USERNAMES, DEMO_USERS } from './demo-users';
import { makeUser, USER_KINDS } from './fixtures';

const ACCESS_DENIED = 'error=access_denied';
type Kind = 'guest' | keyof typeof USER_KINDS;
const userOf = (kind: Kind) => (kind === 'guest' ? null : USER_KINDS[kind]);

describe('decideAccess: every access level × every user kind', () => {
  // [access, path, search, kind, expected]
  const table: [Access, string, string, Kind, { allow: true } | { redirect: string }][] = [
    // guest-only: the sign-in screen
    ['guest', '/login', '', 'guest', { allow: true }],
    ['guest', '/login', '', 'superuser', { redirect: '/applications' }],
    // An admin by group whose permissions were all taken away has no list to start on.
    ['guest', '/login', '', 'naricAdmin', { redirect: '/' }],
    ['guest', '/login', '', 'officer', { redirect: '/applications' }],
    ['guest', '/login', '', 'councilMember', { redirect: '/councils/dashboard' }],
    // An admin who sits on a council starts on the first screen their permissions open: the councils list.
    ['guest', '/login', '', 'councilMemberAdmin', { redirect: '/councils' }],
    // signed-in screens
    ['signed_in', '/payments/7', '?tab=history', 'guest', { redirect: '/login?redirect=%2Fpayments%2F7%3Ftab%3Dhistory' }],
    ['signed_in', '/payments/7', '', 'superuser', { allow: true }],
    ['signed_in', '/payments/7', '', 'naricAdmin', { allow: true }],
    ['signed_in', '/payments/7', '', 'officer', { allow: true }],
    ['signed_in', '/payments/7', '', 'councilMember', { allow: true }],
    ['signed_in', '/payments/7', '', 'councilMemberAdmin', { allow: true }],
    // the dashboard home: council members who are not admins go to their dashboard
    ['signed_in', '/', '', 'guest', { redirect: '/login?redirect=%2F' }],
    ['signed_in', '/', '', 'superuser', { allow: true }],
    ['signed_in', '/', '', 'naricAdmin', { allow: true }],
    ['signed_in', '/', '', 'officer', { allow: true }],
    ['signed_in', '/', '', 'councilMember', { redirect: '/councils/dashboard' }],
    ['signed_in', '/', '', 'councilMemberAdmin', { allow: true }],
    // admin-only screens
    ['admin', '/users/3/edit', '?from=list', 'guest', { redirect: '/login?redirect=%2Fusers%2F3%2Fedit%3Ffrom%3Dlist' }],
    ['admin', '/users/3/edit', '', 'superuser', { allow: true }],
    ['admin', '/users/3/edit', '', 'naricAdmin', { allow: true }],
    ['admin', '/users/3/edit', '', 'officer', { redirect: `/?${ACCESS_DENIED}` }],
    ['admin', '/users/3/edit', '', 'councilMember', { redirect: `/councils/dashboard?${ACCESS_DENIED}` }],
    ['admin', '/users/3/edit', '', 'councilMemberAdmin', { allow: true }],
    // not-found: anyone
    ['anyone', '/no/such/page', '', 'guest', { allow: true }],
    ['anyone', '/no/such/page', '', 'superuser', { allow: true }],
    ['anyone', '/no/such/page', '', 'naricAdmin', { allow: true }],
    ['anyone', '/no/such/page', '', 'officer', { allow: true }],
    ['anyone', '/no/such/page', '', 'councilMember', { allow: true }],
    ['anyone', '/no/such/page', '', 'councilMemberAdmin', { allow: true }],
  ];

  it.each(table)('%s %s%s as %s', (access, path, search, kind, expected) => {
    expect(decideAccess({ access, user: userOf(kind), path, search })).toEqual(expected);
  });
});

describe('the sign-in screen and its redirect parameter', () => {
  it('sends a signed-in user to a safe redirect target, query included', () => {
    const search = `?redirect=${encodeURIComponent('/applications/12?tab=documents')}`;
    expect(decideAccess({ access: 'guest', user: USER_KINDS.officer, path: '/login', search })).toEqual({
      redirect: '/applications/12?tab=documents',
    });
  });

  it.each([
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/login?redirect=%2Fusers'],
    [''],
  ])('ignores the unsafe target %j and uses the landing screen', (target) => {
    const search = `?redirect=${encodeURIComponent(target)}`;
    expect(decideAccess({ access: 'guest', user: USER_KINDS.councilMember, path: '/login', search })).toEqual({
      redirect: '/councils/dashboard',
    });
    expect(isSafeRedirect(target)).toBe(false);
  });

  it('round-trips: the redirect a guest is given is the one followed after signing in', () => {
    const toLogin = decideAccess({ access: 'admin', user: null, path: '/reference/countries', search: '?page=2' });
    expect('redirect' in toLogin).toBe(true);
    const search = (toLogin as { redirect: string }).redirect.slice('/login'.length);
    expect(decideAccess({ access: 'guest', user: USER_KINDS.naricAdmin, path: '/login', search })).toEqual({
      redirect: '/reference/countries?page=2',
    });
  });

  it('after an explicit logout sends a guest to a plain sign-in, without the last page', () => {
    expect(decideAccess({ access: 'admin', user: null, path: '/users', search: '', sessionEnd: 'logged_out' })).toEqual({
      redirect: '/login',
    });
    expect(decideAccess({ access: 'signed_in', user: null, path: '/news', search: '', sessionEnd: 'expired' })).toEqual({
      redirect: '/login?redirect=%2Fnews',
    });
  });
});

const allowed = (row: RouteRow, user: (typeof DEMO_USERS)[string], path = row.path) =>
  'allow' in decideAccess({ access: row.access, permission: row.permission, user, path, search: '' });

describe('where each demo group lands (spec §2): the first screen its permissions allow', () => {
  // The seeded groups' permissions (src/shared/auth/permissions.ts, as src/server/db/seed.ts grants them).
  const expected: Record<string, string> = {
    admin: '/applications',
    'naric.admin': '/applications',
    officer: '/applications',
    agency: '/applications',
    council: '/councils/dashboard',
    evaluator: '/applications',
    payments: '/applications',
    verifier: '/applications',
    inspector: '/applications',
    // No applications: the first screen a content manager may use is the document templates.
    content: '/documents/templates',
  };

  it('covers every demo account', () => {
    expect(Object.keys(expected).sort()).toEqual([...DEMO_USERNAMES].sort());
  });

  it.each(DEMO_USERNAMES)('%s lands where its permissions allow, and may open it', (username) => {
    const user = DEMO_USERS[username];
    const landing = landingPath(user);
    expect(landing).toBe(expected[username]);
    const row = ROUTE_TABLE.find((candidate) => candidate.path === landing)!;
    expect(allowed(row, user)).toBe(true);
    // Signing in without a redirect goes there too.
    expect(decideAccess({ access: 'guest', user, path: '/login', search: '' })).toEqual({ redirect: landing });
  });

  it.each(DEMO_USERNAMES)('%s is turned away from every route whose permission it lacks, to a screen it may open', (username) => {
    const user = DEMO_USERS[username];
    for (const row of ROUTE_TABLE.filter((candidate) => candidate.access === 'signed_in' && candidate.permission)) {
      const decision = decideAccess({ access: row.access, permission: row.permission, user, path: row.path, search: '' });
      if (user.permissions.includes(row.permission!) || user.is_superuser) {
        expect(decision, row.id).toEqual(row.path === '/' && username === 'council' ? { redirect: '/councils/dashboard' } : { allow: true });
        continue;
      }
      expect(decision, row.id).toEqual({ redirect: accessDeniedPath(user, 'permission') });
      const [path, search] = (decision as { redirect: string }).redirect.split('?');
      expect(refusalReason(search)).toBe('permission');
      // The refusal leads to a screen the user may open: no redirect loop.
      const target = ROUTE_TABLE.find((candidate) => candidate.path === path)!;
      expect(allowed(target, user), `${row.id} → ${path}`).toBe(true);
    }
  });

  it('turns the content manager away from the applications list to the dashboard home with the permission notice', () => {
    expect(decideAccess({ access: 'signed_in', permission: 'applications.view_application', user: DEMO_USERS.content, path: '/applications', search: '' })).toEqual({
      redirect: '/?error=access_denied&reason=permission',
    });
  });

  it('keeps the spec §2 rule for admin-only screens: council members to their dashboard, others home, with the admin notice', () => {
    expect(decideAccess({ access: 'admin', user: DEMO_USERS.council, path: '/users', search: '' })).toEqual({ redirect: '/councils/dashboard?error=access_denied' });
    expect(decideAccess({ access: 'admin', user: DEMO_USERS.content, path: '/users', search: '' })).toEqual({ redirect: '/?error=access_denied' });
    expect(refusalReason('?error=access_denied')).toBe('admin');
  });

  it('brings the notice along when a council member is sent on from the dashboard home', () => {
    expect(decideAccess({ access: 'signed_in', user: DEMO_USERS.council, path: '/', search: '?error=access_denied' })).toEqual({
      redirect: '/councils/dashboard?error=access_denied',
    });
  });
});

describe('landingPath is derived from the route table, not from group names', () => {
  it('follows the order of the table: the first built navigation row whose permission the user holds', () => {
    expect(landingPath(makeUser({ permissions: ['documents.view_document', 'inspectorate.upload_verification'] }))).toBe('/inspectorate-verifications');
    expect(landingPath(makeUser({ permissions: ['documents.view_document'] }))).toBe('/documents');
    // News comes before reports in the table.
    expect(landingPath(makeUser({ permissions: ['reports.view_reports'] }))).toBe('/reports');
    expect(landingPath(makeUser({ permissions: ['news.view_news', 'reports.view_reports'] }))).toBe('/news');
    expect(landingPath(makeUser({ permissions: [] }))).toBe('/');
  });

  it('reads the table it is given: a new row in front changes the landing', () => {
    const first: RouteRow = { id: 'new', path: '/new', access: 'signed_in', titleKey: 'titles.new', area: 'overview', navigation: true, permission: 'reports.view_reports' };
    expect(landingPath(makeUser({ permissions: ['reports.view_reports', 'applications.view_application'] }), [first, ...ROUTE_TABLE])).toBe('/new');
  });

  it('sends a council member who may not review to the next screen, and home to it too (no loop)', () => {
    const member = makeUser({ groups: ['Council Members'], permissions: ['applications.view_application'] });
    expect(landingPath(member)).toBe('/applications');
    expect(decideAccess({ access: 'signed_in', user: member, path: '/', search: '' })).toEqual({ allow: true });
    expect(accessDeniedPath(member)).toBe('/?error=access_denied');
  });

  it('never lands anyone on a screen the guard would refuse, whatever their permissions', () => {
    // Every single permission, alone and with the council group.
    for (const permission of ALL_PERMISSIONS) {
      for (const groups of [[], ['Council Members']]) {
        const user = makeUser({ groups, permissions: [permission] });
        const landing = landingPath(user);
        const row = ROUTE_TABLE.find((candidate) => candidate.path === landing)!;
        expect(allowed(row, user), `${permission} ${groups.join()}`).toBe(true);
        const [deniedPath] = accessDeniedPath(user).split('?');
        const deniedRow = ROUTE_TABLE.find((candidate) => candidate.path === deniedPath)!;
        expect(allowed(deniedRow, user), `denied → ${deniedPath}`).toBe(true);
      }
    }
  });
});
