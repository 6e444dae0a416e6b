import { describe, expect, it } from 'vitest';
import { decideAccess, isSafeRedirect, type Access } from '../../../src/renderer/app/guard';
import { USER_KINDS } from './fixtures';

const ACCESS_DENIED = 'error=access_denied';
type Kind = 'guest' | keyof typeof USER_KINDS;
const userOf = (kind: Kind) => (kind === 'guest' ? null : USER_KINDS[kind]);

describe('decideAccess: every access level × every user kind', () => {
  // [access, path, search, kind, expected]
  const table: [Access, string, string, Kind, { allow: true } | { redirect: string }][] = [
    // guest-only: the sign-in screen
    ['guest', '/login', '', 'guest', { allow: true }],
    ['guest', '/login', '', 'superuser', { redirect: '/applications' }],
    ['guest', '/login', '', 'naricAdmin', { redirect: '/applications' }],
    ['guest', '/login', '', 'officer', { redirect: '/applications' }],
    ['guest', '/login', '', 'councilMember', { redirect: '/councils/dashboard' }],
    ['guest', '/login', '', 'councilMemberAdmin', { redirect: '/applications' }],
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
