import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sqServer from '../../locales/sq/server.json';
import srServer from '../../locales/sr/server.json';
import { NOTIFICATION_MESSAGES, NOTIFICATION_PATHS, templateHistory, templateListAnswer } from '../../src/shared/api/notifications';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENT_DEFINITIONS,
  SECRET_VARIABLES,
  TEMPLATE_LANGUAGES,
  TEMPLATE_SAMPLES,
  isConfidentialEvent,
  misplacedSecrets,
  renderTemplate,
  unknownVariables,
} from '../../src/shared/domain/notification-events';
import { composeNotice } from '../../src/server/notices/compose';
import { DEFAULT_NOTICE_TEXTS } from '../../src/server/notices/default-templates';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Notification templates (spec §2 "Notification templates"): each event × language
// seeded as version 1 from the built-in texts, versions kept, variables checked, stale saves refused.

let server: ServerFixture;

async function call(method: 'GET' | 'PUT', path: string, payload?: object, headers: Record<string, string> = {}) {
  return server.app.inject({ method, url: `/api${path}`, headers: { ...(await server.authorization('content')), ...headers }, ...(payload ? { payload } : {}) });
}
const history = async (event: string, language: string) => templateHistory.parse((await call('GET', NOTIFICATION_PATHS.template(event, language))).json());

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('the built-in texts', () => {
  it('exist for every event in every language and use only their event’s variables', () => {
    for (const event of NOTIFICATION_EVENTS) {
      for (const language of TEMPLATE_LANGUAGES) {
        const text = DEFAULT_NOTICE_TEXTS[event][language];
        expect(text.subject.length, `${event} ${language}`).toBeGreaterThan(5);
        expect(unknownVariables(event, text.subject), `${event} ${language}`).toEqual([]);
        expect(unknownVariables(event, text.body), `${event} ${language}`).toEqual([]);
        expect(misplacedSecrets(event, 'subject', text.subject), `${event} ${language}`).toEqual([]);
        expect(misplacedSecrets(event, 'body', text.body), `${event} ${language}`).toEqual([]);
        // Previewed with the samples, nothing is left unfilled.
        expect(renderTemplate(`${text.subject}\n${text.body}`, TEMPLATE_SAMPLES[language])).not.toMatch(/\{\{/);
      }
      // Each language is its own text, not a copy of the English.
      expect(DEFAULT_NOTICE_TEXTS[event].sq.body).not.toBe(DEFAULT_NOTICE_TEXTS[event].en.body);
      expect(DEFAULT_NOTICE_TEXTS[event].sr.body).not.toBe(DEFAULT_NOTICE_TEXTS[event].sq.body);
    }
  });

  it('Serbian is written in Latin script', () => {
    for (const event of NOTIFICATION_EVENTS) expect(DEFAULT_NOTICE_TEXTS[event].sr.body).not.toMatch(/[\u0400-\u04FF]/);
  });

  it('are seeded as version 1, active, for every event × language, and listed with their event’s rules', async () => {
    const answer = await call('GET', NOTIFICATION_PATHS.templates);
    expect(answer.statusCode, answer.body).toBe(200);
    const events = templateListAnswer.parse(answer.json());
    expect(events.map((summary) => summary.event)).toEqual([...NOTIFICATION_EVENTS]);
    for (const summary of events) {
      const definition = NOTIFICATION_EVENT_DEFINITIONS[summary.event];
      expect(summary).toMatchObject({ audience: definition.audience, variables: [...definition.variables], manual: Boolean(definition.manual), confidential: isConfidentialEvent(summary.event) });
      expect(summary.templates.map((template) => template.language).sort()).toEqual([...TEMPLATE_LANGUAGES].sort());
      expect(summary.templates.every((template) => template.active)).toBe(true);
    }
    const sq = await history('payment_requested', 'sq');
    expect(sq.versions).toHaveLength(1);
    expect(sq.versions[0]).toMatchObject({ version: 1, active: true, created_by: null, ...{ subject: DEFAULT_NOTICE_TEXTS.payment_requested.sq.subject, body: DEFAULT_NOTICE_TEXTS.payment_requested.sq.body } });
  });
});

describe('saving', () => {
  it('adds the next version as the active one and keeps the earlier, audited', async () => {
    const saved = await call('PUT', NOTIFICATION_PATHS.template('payment_requested', 'sr'), {
      version: 1,
      subject: 'Uplata za zahtev {{reference}}',
      body: 'Poštovani/a {{applicant_name}},\n\nmolimo uplatite {{amount}} uz poziv na broj {{payment_reference}}.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = templateHistory.parse(saved.json());
    expect(answer.versions.map((version) => [version.version, version.active])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(answer.versions[0]!.created_by?.full_name).toBe('Liridona Kelmendi');
    const again = await call('PUT', NOTIFICATION_PATHS.template('payment_requested', 'sr'), { version: 2, subject: 'Uplata: {{reference}}', body: 'Iznos: {{amount}}' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await history('payment_requested', 'sr')).versions.map((version) => version.version)).toEqual([3, 2, 1]);
    const active = await server.db.selectFrom('notification_templates').select('version').where('event', '=', 'payment_requested').where('language', '=', 'sr').where('active', '=', true).execute();
    expect(active).toEqual([{ version: 3 }]);
    const audit = await server.db.selectFrom('audit_log').select('details').where('action', '=', 'notification_template.saved').execute();
    expect(audit).toHaveLength(2);
    // Other languages are untouched.
    expect((await history('payment_requested', 'sq')).versions).toHaveLength(1);
  });

  it('refuses a stale version with 412 and changes nothing', async () => {
    const stale = await call('PUT', NOTIFICATION_PATHS.template('payment_requested', 'sr'), { version: 2, subject: 'Late {{reference}}', body: 'Late' }, { 'accept-language': 'sq' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().detail).toBe(sqServer.notifications.messages.staleTemplate);
    expect((await history('payment_requested', 'sr')).versions).toHaveLength(3);
  });

  it('refuses unknown variables, naming them, in subject and body, translated with the names kept', async () => {
    const refused = await call('PUT', NOTIFICATION_PATHS.template('documents_missing', 'en'), {
      version: 1,
      subject: 'Missing for {{reference}} {{iban}}',
      body: 'Dear {{applicant_name}}, {{amount}} and {{ secret }} and {{notes}}',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      subject: [NOTIFICATION_MESSAGES.unknownVariable.replace('{{names}}', 'iban')],
      body: [NOTIFICATION_MESSAGES.unknownVariable.replace('{{names}}', 'amount, secret')],
    });
    const translated = await call('PUT', NOTIFICATION_PATHS.template('documents_missing', 'en'), { version: 1, subject: 'x {{iban}}', body: 'y' }, { 'accept-language': 'sr' });
    expect(translated.json().subject).toEqual([srServer.notifications.messages.unknownVariable.replace('{{names}}', 'iban')]);
    expect(translated.json().subject[0]).toContain('iban');
    expect((await history('documents_missing', 'en')).versions).toHaveLength(1);
  });

  it('refuses a secret in a subject, or in an event that does not carry it, naming field and variable, translated', async () => {
    const before = await history('password_reset', 'en');
    const inSubject = await call('PUT', NOTIFICATION_PATHS.template('password_reset', 'en'), {
      version: before.versions[0]!.version,
      subject: 'Your password: {{ temporary_password }}',
      body: 'Username {{username}}, password {{temporary_password}}',
    });
    expect(inSubject.statusCode, inSubject.body).toBe(400);
    expect(inSubject.json()).toMatchObject({ subject: [NOTIFICATION_MESSAGES.misplacedSecret.replace('{{names}}', 'temporary_password')] });
    const translated = await call(
      'PUT',
      NOTIFICATION_PATHS.template('password_reset', 'sr'),
      { version: (await history('password_reset', 'sr')).versions[0]!.version, subject: '{{temporary_password}}', body: 'x' },
      { 'accept-language': 'sq' },
    );
    expect(translated.json().subject).toEqual([sqServer.notifications.messages.misplacedSecret.replace('{{names}}', 'temporary_password')]);
    expect(SECRET_VARIABLES).toContain('temporary_password');
    // Every secret, in the subject and body of every event that does not carry it.
    for (const event of NOTIFICATION_EVENTS) {
      const carried = NOTIFICATION_EVENT_DEFINITIONS[event].secrets ?? [];
      for (const secret of SECRET_VARIABLES) {
        const current = (await history(event, 'en')).versions[0]!.version;
        const answer = await call('PUT', NOTIFICATION_PATHS.template(event, 'en'), { version: current, subject: `About {{${secret}}}`, body: `Here: {{${secret}}}` });
        expect(answer.statusCode, `${event} ${secret}`).toBe(400);
        const refusal = NOTIFICATION_MESSAGES.misplacedSecret.replace('{{names}}', secret);
        expect(answer.json(), `${event} ${secret}`).toEqual({ ...(carried.includes(secret) ? { subject: [refusal] } : { subject: [refusal], body: [refusal] }), field_codes: expect.any(Object) });
      }
    }
    // Both refusals at once, each naming its own variables.
    const both = await call('PUT', NOTIFICATION_PATHS.template('staff_message', 'en'), { version: 1, subject: 'Hi', body: '{{temporary_password}} {{iban}}' });
    expect(both.json()).toMatchObject({
      body: [NOTIFICATION_MESSAGES.misplacedSecret.replace('{{names}}', 'temporary_password'), NOTIFICATION_MESSAGES.unknownVariable.replace('{{names}}', 'iban')],
      field_codes: {
        body: [
          { code: 'notification_misplaced_secret', params: { names: 'temporary_password' } },
          { code: 'notification_unknown_variable', params: { names: 'iban' } },
        ],
      },
    });
    expect((await history('password_reset', 'en')).versions).toHaveLength(before.versions.length);
    expect((await history('staff_message', 'en')).versions).toHaveLength(1);
  });

  it('a template stored with a secret in its subject sends the variable as written, never the secret', async () => {
    await server.db
      .updateTable('notification_templates')
      .set({ subject: 'Password {{temporary_password}} for {{username}}' })
      .where('event', '=', 'password_reset')
      .where('language', '=', 'sq')
      .where('active', '=', true)
      .execute();
    const composed = await composeNotice(server.db, 'password_reset', 'sq', { recipient_name: 'Besa', username: 'b.k', temporary_password: 'Zx-9-secret', expires_at: 'nesër' });
    expect(composed.subject).toBe('Password {{temporary_password}} for b.k');
    expect(composed.message).toContain('Zx-9-secret');
    // An event that does not carry the secret never fills it, even when handed one.
    await server.db.updateTable('notification_templates').set({ body: 'Hello {{recipient_name}}: {{temporary_password}}' }).where('event', '=', 'staff_message').where('language', '=', 'en').where('active', '=', true).execute();
    const other = await composeNotice(server.db, 'staff_message', 'en', { recipient_name: 'A', sender_name: 'B', notes: '{{temporary_password}}', temporary_password: 'Zx-9-secret' });
    expect(other.message).toBe('Hello A: {{temporary_password}}');
  });

  it('refuses an empty text (400); an unknown event or language does not exist (404)', async () => {
    expect((await call('PUT', NOTIFICATION_PATHS.template('documents_missing', 'en'), { version: 1, subject: '', body: 'x' })).statusCode).toBe(400);
    expect((await call('GET', NOTIFICATION_PATHS.template('no_such_event', 'en'))).statusCode).toBe(404);
    expect((await call('GET', NOTIFICATION_PATHS.template('documents_missing', 'de'))).statusCode).toBe(404);
  });

  it('a saved template previews with the samples of its language (renderTemplate)', async () => {
    const current = (await history('payment_requested', 'sr')).versions[0]!;
    expect(renderTemplate(current.subject, TEMPLATE_SAMPLES.sr)).toBe('Uplata: NARIC-2026-000123');
    expect(renderTemplate(current.body, TEMPLATE_SAMPLES.sr)).toBe('Iznos: 40,00 €');
  });
});
