import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeRefusal, refusalBesideFields, translateError } from '../../../src/renderer/lib/error-translator';
import { DISALLOWED_CHARACTERS_MESSAGE, ERROR_CODES, INVALID_INPUT_MESSAGE, tooLongMessage } from '../../../src/shared/errors';
import { failure } from '../../../src/shared/transport-failure';

// The server's field messages reach the form in the reader's language.

const locales = join(import.meta.dirname, '../../../locales');
const common = (language: string) => JSON.parse(readFileSync(join(locales, language, 'common.json'), 'utf8'));

async function translatorFor(language: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { common: common(language) } }, interpolation: { escapeValue: false } });
  return instance.t;
}

describe('translateError on field messages', () => {
  const refused = failure(ERROR_CODES.validation, {
    status: 400,
    body: { username: [DISALLOWED_CHARACTERS_MESSAGE], name: [tooLongMessage(80)], code: ['Something the form explains itself'], non_field_errors: [INVALID_INPUT_MESSAGE] },
  });

  it.each([
    ['en', 'not allowed', '80 characters', 'cannot store'],
    ['sq', 'nuk lejohen', '80 karaktere', 'nuk mund ta ruajë'],
    ['sr', 'nisu dozvoljeni', 'znakova: 80', 'ne može da sačuva'],
  ])('in %s', async (language, characters, length, store) => {
    const translated = translateError(refused, await translatorFor(language));
    expect(translated.fieldErrors.username?.[0]).toContain(characters);
    expect(translated.fieldErrors.name?.[0]).toContain(length);
    expect(translated.formErrors[0]).toContain(store);
  });

  it('leaves a message it has no key for as the server sent it', async () => {
    const translated = translateError(failure(ERROR_CODES.validation, { status: 400, body: { file: ['The file is empty.'] } }), await translatorFor('sq'));
    expect(translated.fieldErrors.file).toEqual(['The file is empty.']);
  });
});

describe('translateError on coded refusals', () => {
  const refusals = (language: string) => JSON.parse(readFileSync(join(locales, language, 'refusals.json'), 'utf8'));
  const applications = (language: string) => JSON.parse(readFileSync(join(locales, language, 'applications.json'), 'utf8'));
  async function codedTranslator(language: string) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      resources: { [language]: { common: common(language), refusals: refusals(language), applications: applications(language) } },
      interpolation: { escapeValue: false },
    });
    return instance.t;
  }

  it('says a field refusal by its code and params, not by the English beside it', async () => {
    const refused = failure(ERROR_CODES.validation, {
      status: 400,
      body: { file: ['The file is empty.'], field_codes: { file: [{ code: 'upload_empty', params: {} }] } },
    });
    expect(translateError(refused, await codedTranslator('sq')).fieldErrors.file).toEqual(['Skedari është bosh.']);
  });

  it('says a refusal with parameters in the language, a status by its label', async () => {
    const refused = failure(ERROR_CODES.conflict, {
      status: 409,
      body: { detail: 'This action is not allowed while the application is in status “Verified”.', code: 'action_not_allowed', params: { status: 'verified' } },
    });
    const t = await codedTranslator('sr');
    expect(translateError(refused, t).refusal).toBe(`Ova radnja nije dozvoljena dok je zahtev u statusu „${t('applications:status.verified')}”.`);
  });

  it('names no refusal for a bare status code', async () => {
    const refused = failure(ERROR_CODES.conflict, { status: 409, body: { detail: 'This action is not allowed in the current state.', code: 'conflict' } });
    expect(translateError(refused, await codedTranslator('en')).refusal).toBeNull();
  });

  // The screens' path: a code and its params from the server → the reader's sentence, never the English `detail`.
  it.each([
    ['en', 'The council needs 3 members without a conflict of interest to decide; 2 took part.'],
    ['sq', 'Këshilli ka nevojë për 3 anëtarë pa konflikt interesi për të vendosur; morën pjesë 2.'],
  ])('describeRefusal says a coded refusal in %s, whatever English came with it', async (language, said) => {
    const refused = failure(ERROR_CODES.conflict, { status: 409, body: { detail: 'words of an older server', code: 'council_review_quorum_not_met', params: { quorum: 3, count: 2 } } });
    const view = describeRefusal(refused, await codedTranslator(language), { 409: 'the screen’s own words' });
    expect(view).toMatchObject({ message: said, formMessage: said, offerReload: true });
  });

  it('describeRefusal uses the screen’s own words only for a bare status, and a refused version offers a reload', async () => {
    const t = await codedTranslator('en');
    const bare = failure(ERROR_CODES.permissionDenied, { status: 403, body: { detail: 'Access denied', code: 'permission_denied' } });
    expect(describeRefusal(bare, t, { 403: 'You may not change the settings.' })).toMatchObject({ message: 'You may not change the settings.', offerReload: false });
    const version = failure(ERROR_CODES.validation, { status: 400, body: { version: ['Invalid format'], field_codes: { version: [{ code: 'invalid_format' }] } } });
    expect(describeRefusal(version, t, { 412: 'Reload the article.' })).toMatchObject({ message: 'Reload the article.', fieldErrors: {}, offerReload: true });
  });

  it('describeRefusal keeps field refusals by field, and says nothing more for the form when they are all there is', async () => {
    const refused = failure(ERROR_CODES.validation, {
      status: 400,
      body: { notes: ['x'], document_id: ['y'], field_codes: { notes: [{ code: 'notes_required_invalidate' }], document_id: [{ code: 'document_not_of_application' }] } },
    });
    const view = describeRefusal(refused, await codedTranslator('sq'));
    expect(view.formMessage).toBeNull();
    expect(view.fieldErrors.notes).toEqual([refusals('sq').notes_required_invalidate]);
    expect(refusalBesideFields(view, ['notes'])).toBe(refusals('sq').document_not_of_application);
  });
});
