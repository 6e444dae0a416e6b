import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_PATHS, type SettingsAnswer } from '../../src/shared/api/settings';
import type { SmtpSettings } from '../../src/server/config';
import { followMailServer, type MailTransport } from '../../src/server/jobs/mail-transport';
import { queueEmail } from '../../src/server/jobs/outbox';
import { createLogger } from '../../src/server/logger';
import { currentMailServer } from '../../src/server/system-settings';
import { logLines } from '../support/log-lines';
import { startTestMailServer, type TestMailServer } from '../support/smtp-server';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The mail server of the system settings: until the group is saved the outbox sends
// through the environment's server as before; after a save the next message goes through the
// saved one, with no restart, and the old connection pool is closed. Two real SMTP servers.

let server: ServerFixture;
let first: TestMailServer;
let second: TestMailServer;

async function saveSmtp(values: object) {
  const smtp = ((await server.app.inject({ method: 'GET', url: `/api${SETTINGS_PATHS.all}`, headers: await server.authorization('admin') })).json() as SettingsAnswer).smtp;
  const answer = await server.app.inject({
    method: 'PUT',
    url: `/api${SETTINGS_PATHS.group('smtp')}`,
    headers: await server.authorization('admin'),
    payload: { version: smtp.version, values },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

const queue = (subject: string) =>
  queueEmail(server.db, { recipientUserId: null, recipientEmail: 'applicant@example.org', subject, message: `The message “${subject}”.` });

beforeAll(async () => {
  [first, second] = await Promise.all([startTestMailServer(), startTestMailServer()]);
  const environment: SmtpSettings = {
    host: '127.0.0.1',
    port: first.port,
    tls: 'none',
    user: null,
    password: null,
    from: 'NARIC Environment <env@naric.example>',
    ca: null,
    maxAttempts: 3,
    timeoutMs: 2_000,
  };
  server = await createServerFixture({ config: { smtp: environment } });
  // The outbox worker starts with the app.
  await server.app.ready();
  // The demo's own queued messages are not this file's concern.
  await server.db.updateTable('notification_outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
});
afterAll(async () => {
  await server?.close();
  await Promise.all([first?.close(), second?.close()]);
});

describe('the outbox’s mail server', () => {
  it('is the environment’s until the settings name one, then the saved one from the next message on', async () => {
    await queue('Before the settings');
    await first.waitForMessages(1, 15_000);
    expect(first.messages[0]).toMatchObject({ subject: 'Before the settings', from: { address: 'env@naric.example' } });

    await saveSmtp({ host: '127.0.0.1', port: second.port, tls: 'none', from: 'NARIC Settings <settings@naric.example>', user: '' });
    await queue('After the save');
    await second.waitForMessages(1, 15_000);
    expect(second.messages[0]).toMatchObject({ subject: 'After the save', from: { name: 'NARIC Settings', address: 'settings@naric.example' }, envelopeTo: ['applicant@example.org'] });
    expect(first.messages).toHaveLength(1);

    // And back to the first one: the saved port is obeyed again without a restart.
    await saveSmtp({ host: '127.0.0.1', port: first.port, tls: 'none', from: 'NARIC Settings <settings@naric.example>', user: '' });
    await queue('Switched back');
    await first.waitForMessages(2, 15_000);
    expect(first.messages[1]).toMatchObject({ subject: 'Switched back', from: { address: 'settings@naric.example' } });
    expect(second.messages).toHaveLength(1);
  });

  it('opens the sealed password for the login; an empty host means no mail server', async () => {
    await saveSmtp({ host: 'mail.naric.example', port: 587, tls: 'starttls', from: 'no-reply@naric.example', user: 'naric', password: 'Sealed secret 42' });
    const chosen = await currentMailServer({ ...server, log: server.app.log });
    expect(chosen.settings).toMatchObject({ host: 'mail.naric.example', port: 587, tls: 'starttls', user: 'naric', password: 'Sealed secret 42', maxAttempts: 3, timeoutMs: 2_000 });
    await saveSmtp({ host: '', port: 587, tls: 'starttls', from: 'no-reply@naric.example', user: '', password: null });
    const none = await currentMailServer({ ...server, log: server.app.log });
    expect(none.settings).toBeNull();
    expect(none.key).not.toBe(chosen.key);
  });

  it('says once per save, without the password or the secret, when the saved password cannot be decrypted after the server secret changed', async () => {
    await saveSmtp({ host: 'mail.naric.example', port: 587, tls: 'starttls', from: 'no-reply@naric.example', user: 'naric', password: 'Sealed secret 43' });
    const { stream, lines } = logLines();
    const rotated = { db: server.db, config: { ...server.config, jwtSecret: randomBytes(32).toString('base64url') }, log: createLogger('info', stream) };
    const first = await currentMailServer(rotated);
    await currentMailServer(rotated);
    expect(first.settings).toMatchObject({ user: 'naric', password: null });
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toEqual([expect.objectContaining({ setting: 'smtp.password', msg: expect.stringContaining('cannot be decrypted') })]);
    const logged = JSON.stringify(lines);
    for (const secret of ['Sealed secret 43', server.config.jwtSecret, rotated.config.jwtSecret]) expect(logged).not.toContain(secret);
    // With the secret it was sealed under, nothing to say.
    const { stream: quietStream, lines: quiet } = logLines();
    expect((await currentMailServer({ ...server, log: createLogger('info', quietStream) })).settings).toMatchObject({ password: 'Sealed secret 43' });
    expect(quiet.filter((line) => line.level === 40)).toEqual([]);
  });
});

describe('followMailServer', () => {
  it('keeps one transport while the key stays, closes it when the key changes', async () => {
    let choice = { key: 'a', settings: { host: 'one' } as SmtpSettings | null };
    const made: { host: string; closed: boolean }[] = [];
    const create = (settings: SmtpSettings): MailTransport => {
      const entry = { host: settings.host, closed: false };
      made.push(entry);
      return { description: settings.host, send: async () => {}, describeFailure: () => '', close: () => void (entry.closed = true) };
    };
    const source = followMailServer(async () => choice, create);
    const one = await source.current();
    expect(await source.current()).toBe(one);
    expect(made).toEqual([{ host: 'one', closed: false }]);
    choice = { key: 'b', settings: { host: 'two' } as SmtpSettings };
    expect((await source.current())?.description).toBe('two');
    expect(made).toEqual([{ host: 'one', closed: true }, { host: 'two', closed: false }]);
    choice = { key: 'c', settings: null };
    expect(await source.current()).toBeNull();
    expect(made[1]!.closed).toBe(true);
  });
});
