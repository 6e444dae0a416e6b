import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../src/shared/api/auth';
import { createLogger } from '../../../src/server/logger';
import { createSecretBox } from '../../../src/server/modules/auth/secret-box';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import { logLines } from '../../support/log-lines';
import { DEMO_PASSWORD, createUser, freshAddress, post, totpCode } from './auth-test-helpers';

// A stored secret the server cannot read (a two-factor secret sealed under an earlier server
// secret, a damaged password hash) refuses the sign-in as before, and says so in the log, naming
// the account and the column, never the secret: otherwise an administrator would only hear "my
// code is never accepted" and could not tell a rotation from a typo.

const WARN = 40;
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let server: ServerFixture;
let lines: Record<string, unknown>[];

beforeAll(async () => {
  const log = logLines();
  lines = log.lines;
  server = await createServerFixture({ logger: createLogger('info', log.stream) });
});
afterAll(() => server.close());

const warningsAbout = (userId: number) => lines.filter((line) => line.level === WARN && line.user_id === userId);
const signIn = (username: string, password = DEMO_PASSWORD, address = freshAddress()) =>
  post(server.app, AUTH_PATHS.adminLogin, { username, password }, { address });

describe('a stored secret that cannot be read', () => {
  it('a TOTP secret sealed under another server secret: the code is refused and the log names the account and the column', async () => {
    const id = await createUser(server.db, { username: 'rotated.totp', groups: ['NARIC Officers'] });
    const sealedElsewhere = createSecretBox('an-earlier-server-secret-of-enough-length').seal(TOTP_SECRET);
    await server.db.updateTable('users').set({ two_factor_enabled: true, two_factor_method: 'totp', two_factor_secret: sealedElsewhere }).where('id', '=', id).execute();

    const address = freshAddress();
    const step = await signIn('rotated.totp', DEMO_PASSWORD, address);
    expect(step.statusCode).toBe(202);
    const { challenge } = step.json() as { challenge: string };
    const answer = await post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'rotated.totp', code: await totpCode(TOTP_SECRET), is_backup_code: false, challenge }, { address });
    expect(answer.statusCode).toBe(400);

    expect(warningsAbout(id)).toEqual([expect.objectContaining({ record: 'users.two_factor_secret', msg: expect.stringContaining('cannot be decrypted') })]);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(TOTP_SECRET);
    expect(logged).not.toContain(sealedElsewhere);
  });

  it('a damaged password hash: the sign-in is refused as a wrong password and the log names the account', async () => {
    const id = await createUser(server.db, { username: 'damaged.hash', groups: ['NARIC Officers'] });
    const damaged = '$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$';
    await server.db.updateTable('users').set({ password_hash: damaged }).where('id', '=', id).execute();

    expect((await signIn('damaged.hash')).statusCode).toBe(401);
    expect(warningsAbout(id)).toEqual([expect.objectContaining({ record: 'users.password_hash', msg: expect.stringContaining('cannot be read') })]);
    expect(JSON.stringify(lines)).not.toContain(damaged);
  });

  it('an empty password hash (an account without a local password) is refused without a warning', async () => {
    const id = await createUser(server.db, { username: 'no.local.password', groups: ['NARIC Officers'] });
    await server.db.updateTable('users').set({ password_hash: '' }).where('id', '=', id).execute();

    expect((await signIn('no.local.password')).statusCode).toBe(401);
    expect(warningsAbout(id)).toEqual([]);
  });
});
