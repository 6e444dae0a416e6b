import { describe, expect, it } from 'vitest';
import { decideAccess, landingPath } from '../../../src/renderer/app/guard';
import { navigationFor } from '../../../src/renderer/app/navigation-items';
import { APP_ROUTES, breadcrumbTrail, routeById } from '../../../src/renderer/app/routes';
import { DEMO_USERNAMES, DEMO_USERS } from './demo-users';
import { makeUser, USER_KINDS } from './fixtures';

const itemIds = (user: Parameters<typeof navigationFor>[0]) => navigationFor(user).flatMap((group) => group.routes.map((r) => r.id));

describe('route table', () => {
  it('holds every route of spec §2 with its access level', () => {
    const byPath = new Map(APP_ROUTES.map((route) => [route.path, route.access]));
    const admin = ['/applications/offline/new', '/users', '/users/:userId', '/users/create', '/users/groups', '/users/:userId/edit', '/services', '/services/:serviceId', '/services/create', '/services/:serviceId/edit', '/deadlines', '/reference', '/reference/countries', '/reference/legal-reasons', '/reference/national-qualifications', '/reference/institutions/:institutionId/dossier', '/personal-data', '/personal-data/people', '/personal-data/people/:personId'];
    const signedIn = ['/', '/applications', '/applications/incomplete', '/applications/:id', '/applications/:applicationId/decision', '/decisions', '/applications/:applicationId/appeals/new', '/appeals', '/appeals/:appealId', '/appeals/:appealId/decision', '/applications/:applicationId/verdict/:verdictId', '/documents', '/documents/verify', '/documents/templates', '/payments', '/payments/statement-lines', '/payments/:paymentId', '/councils', '/councils/dashboard', '/councils/applications/:id', '/inspectorate-verifications', '/councils/analytics', '/councils/:councilId', '/councils/create', '/councils/:councilId/edit', '/news', '/news/:articleId', '/news/create', '/news/:articleId/edit', '/notifications', '/notifications/templates', '/reports', '/expert-commissions', '/expert-commissions/create', '/expert-commissions/:commissionId', '/expert-commissions/:commissionId/edit', '/expert-reviews', '/expert-reviews/:reviewId', '/settings', '/profile', '/reference/specimens', '/reference/specimens/:specimenId'];
    for (const path of admin) expect(byPath.get(path), path).toBe('admin');
    for (const path of signedIn) expect(byPath.get(path), path).toBe('signed_in');
    expect(byPath.get('/login')).toBe('guest');
    expect(byPath.get('*')).toBe('anyone');
    expect(APP_ROUTES).toHaveLength(admin.length + signedIn.length + 2);
  });

  it('builds breadcrumbs from parents', () => {
    expect(breadcrumbTrail(routeById('user-edit')).map((r) => r.id)).toEqual(['users', 'user-detail', 'user-edit']);
    expect(breadcrumbTrail(routeById('countries')).map((r) => r.id)).toEqual(['reference', 'countries']);
    expect(breadcrumbTrail(routeById('legal-reasons')).map((r) => r.id)).toEqual(['reference', 'legal-reasons']);
  });
});

describe('navigation for each kind of user', () => {
  it('offers admins every item, administration included', () => {
    const items = itemIds(USER_KINDS.superuser);
    expect(new Set(items)).toEqual(new Set(APP_ROUTES.filter((r) => r.navigation).map((r) => r.id)));
    expect(items).toEqual(expect.arrayContaining(['users', 'services', 'deadlines', 'reference', 'countries', 'applications-offline-new']));
  });

  it('hides admin-only items from an officer and items whose permission the officer lacks', () => {
    const items = itemIds(USER_KINDS.officer);
    expect(items).toEqual(expect.arrayContaining(['home', 'applications', 'applications-incomplete', 'documents', 'payments', 'reports']));
    for (const hidden of ['users', 'services', 'deadlines', 'reference', 'countries', 'legal-reasons', 'national-qualifications', 'applications-offline-new', 'news', 'settings', 'councils']) {
      expect(items).not.toContain(hidden);
    }
  });

  it('goes by permissions, not group names: an officer holding none sees only the dashboard', () => {
    // The implicit officer permissions (change documents, mark paid, refund) open no list screen;
    // verifying documents opens the diploma specimens they compare documents with and Verify a document.
    expect(itemIds(makeUser({ groups: ['NARIC Officers'], permissions: [] }))).toEqual(['home', 'specimens', 'verify-document']);
  });

  it('shows a council member the council area only', () => {
    const areas = navigationFor(USER_KINDS.councilMember).map((g) => g.area);
    // No dashboard home: the guard would send them to the council dashboard anyway.
    expect(areas).toEqual(['applications', 'councils']);
    expect(itemIds(USER_KINDS.councilMemberAdmin)).toContain('home');
    expect(itemIds(USER_KINDS.councilMember)).toEqual(expect.arrayContaining(['councils', 'council-dashboard']));
    expect(itemIds(USER_KINDS.councilMember)).not.toContain('users');
  });

  it('accepts a permission held by its codename alone', () => {
    expect(itemIds(makeUser({ permissions: ['view_news'] }))).toContain('news');
  });

  it('offers nothing to a guest', () => {
    expect(navigationFor(null)).toEqual([]);
  });
});

describe('the sidebar of each demo group offers only what its permissions open', () => {
  const offered = (username: string) => itemIds(DEMO_USERS[username]);

  it.each(DEMO_USERNAMES)('%s: every offered item opens, every item that opens is offered', (username) => {
    const user = DEMO_USERS[username];
    const items = offered(username);
    for (const route of APP_ROUTES.filter((r) => r.navigation)) {
      const opens = 'allow' in decideAccess({ access: route.access, permission: route.permission, user, path: route.path, search: '' });
      expect(items.includes(route.id), `${username} ${route.id}`).toBe(opens);
    }
    // Where the user lands is always in their sidebar (the council dashboard for a council member).
    const landing = APP_ROUTES.find((r) => r.path === landingPath(user))!;
    expect(items).toContain(landing.id);
  });

  it('offers Verify a document to whoever verifies documents: verifiers, officers, admins', () => {
    expect(DEMO_USERNAMES.filter((username) => offered(username).includes('verify-document')).sort()).toEqual(['admin', 'naric.admin', 'officer', 'verifier']);
  });

  it('offers the content manager their templates and news, and no applications or documents list', () => {
    expect(offered('content')).toEqual(['home', 'document-templates', 'notification-templates', 'news']);
  });

  it('offers the inspectorate the applications and their verifications, nothing administrative', () => {
    // Appeals and the decisions register are listed for whoever reads applications; names and appeals by their scope.
    expect(offered('inspector')).toEqual(['home', 'applications', 'applications-incomplete', 'decision-register', 'appeals', 'inspectorate-verifications']);
  });

  it('offers admins everything', () => {
    expect(new Set(offered('admin'))).toEqual(new Set(APP_ROUTES.filter((r) => r.navigation).map((r) => r.id)));
    expect(new Set(offered('naric.admin'))).toEqual(new Set(APP_ROUTES.filter((r) => r.navigation).map((r) => r.id)));
  });
});

describe('the route table rows and their screens', () => {
  it('gives every row a screen, and no two rows of different areas the same one', () => {
    for (const route of APP_ROUTES) {
      expect(route.screen, route.id).toBeDefined();
      const sharing = APP_ROUTES.filter((other) => other.screen === route.screen && other.id !== route.id);
      // Only the two application lists share a screen (the incomplete list is the same list, filtered).
      for (const other of sharing) expect([route.id, other.id].sort(), route.id).toEqual(['applications', 'applications-incomplete']);
    }
  });

  it('guards every signed-in row below the dashboard with a permission or the admin level', () => {
    for (const route of APP_ROUTES.filter((r) => r.access === 'signed_in' && r.id !== 'home' && r.id !== 'profile')) {
      expect(route.permission, route.id).toBeDefined();
    }
  });
});
