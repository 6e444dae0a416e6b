import { describe, expect, it } from 'vitest';
import { checkDraft, degreeChoices, missingRequiredDocuments, quoteDraft, serviceOfType, withService } from '../../../../src/renderer/features/offline-intake/draft-checks';
import { emptyDraftValues, type Draft, type DraftDocument } from '../../../../src/renderer/features/offline-intake/draft-model';
import type { Service } from '../../../../src/shared/api/services';
import type { DocumentType } from '../../../../src/shared/document-types';
import { createI18n } from '../../../../src/renderer/lib/i18n';

// What the counter form decides without a network: the service of a type, the degree levels it
// offers, the fee from the kept price table (the server's engine), the required documents still
// missing, and the server's own schema on the submission, said in the reader's language.

const t = createI18n('en').getFixedT('en');

function service(overrides: Partial<Service> = {}): Service {
  return {
    id: 1,
    service_type: 1,
    category: 'higher_education',
    name_en: 'University diploma recognition',
    name_sq: 'Njohja e diplomave universitare',
    name_sr: 'Priznavanje univerzitetskih diploma',
    description_en: '',
    description_sq: '',
    description_sr: '',
    requirements_en: '',
    requirements_sq: '',
    requirements_sr: '',
    fee: '30.00',
    fee_enabled: true,
    base_fee_amount: '30.00',
    fee_exemption_allowed: true,
    processing_time_days: 60,
    enabled: true,
    council_required: true,
    appeal_period_days: null,
    appeal_body_en: '',
    appeal_body_sq: '',
    appeal_body_sr: '',
    degree_options: ['high_professional_school', 'bachelor', 'master', 'doctorate'],
    document_requirements: [
      { document_type: 'original_diploma', required: true, description_en: '', description_sq: '', description_sr: '' },
      { document_type: 'curriculum', required: false, description_en: '', description_sq: '', description_sr: '' },
    ],
    selectable_documents: [],
    workflow_stages: ['submitted'],
    price_table: { kind: 'flat', prices: { standard: '30.00' }, degree_prices: { master: { standard: '40.00' } } },
    application_count: 0,
    version: 1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

function documentOf(type: DocumentType): DraftDocument {
  return { attachment_id: crypto.randomUUID(), upload_key: crypto.randomUUID(), document_type: type, kind: 'original', file_name: `${type}.pdf`, size: 100, sha256: 'a'.repeat(64) };
}

function draftWith(change: (values: Draft['values']) => void): Draft {
  const values = emptyDraftValues();
  change(values);
  return { id: crypto.randomUUID(), created_at: '2026-03-02T09:00:00.000Z', updated_at: '2026-03-02T09:00:00.000Z', values };
}

const complete = (values: Draft['values']) => {
  values.service_type = 1;
  values.applicant.first_name = 'Arta';
  values.applicant.last_name = 'Kelmendi';
  values.applicant.personal_id = '1234567890';
  values.applicant.email = 'arta@example.org';
  values.education.institution_name = 'Universiteti i Prishtinës';
};

describe('counter form checks', () => {
  it('offers the active service of each type and only the degree levels both the service and an application know', () => {
    const disabled = service({ id: 9, enabled: false });
    expect(serviceOfType([disabled, service()], 1)?.id).toBe(1);
    expect(serviceOfType([disabled], 1)).toBeNull();
    expect(serviceOfType([service()], null)).toBeNull();
    // high_professional_school is a service option but no education degree level.
    expect(degreeChoices(service())).toEqual(['bachelor', 'master', 'doctorate']);
    expect(degreeChoices(service({ degree_options: ['primary', 'upper_secondary'] }))).toEqual([]);
  });

  it('quotes the fee from the kept price table, the degree level’s own price included, an exemption request as a line of its own', () => {
    const values = draftWith((v) => {
      complete(v);
      v.education.degree_level = 'master';
    }).values;
    const quote = quoteDraft(service(), values);
    expect(quote?.ok && quote.quote.total_cents).toBe(4000);
    const exempted = quoteDraft(service(), { ...values, exemption: { requested: true, reason: 'Social assistance' } });
    // The amount stays what the table says: the exemption review decides, the quote records the request.
    expect(exempted?.ok && exempted.quote.lines.map((line) => line.rule)).toEqual(['degree_level_price', 'exemption_requested']);
    expect(exempted?.ok && exempted.quote.exemption_requested).toBe(true);
    expect(quoteDraft(null, values)).toBeNull();
  });

  it('clears what another service cannot take when the service changes', () => {
    const values = draftWith((v) => {
      complete(v);
      v.education.degree_level = 'master';
      v.exemption = { requested: true, reason: 'Social assistance' };
    }).values;
    const verification = service({ id: 3, service_type: 3, degree_options: [], fee_exemption_allowed: false });
    const changed = withService(values, verification, 3);
    expect(changed.service_type).toBe(3);
    expect(changed.education.degree_level).toBe('');
    expect(changed.exemption).toEqual({ requested: false, reason: 'Social assistance' });
    expect(changed.request_type).toBe('');
  });

  it('lists the required documents still missing; a missing document does not stop the submission', () => {
    const draft = draftWith(complete);
    expect(missingRequiredDocuments(service(), draft.values)).toEqual(['original_diploma']);
    const check = checkDraft(draft, service(), t);
    expect(check.missing).toEqual(['original_diploma']);
    expect(check.request?.quoted_total).toBe('30.00');
    expect(check.request?.taken_at).toBe(draft.created_at);
    draft.values.documents = [documentOf('original_diploma')];
    expect(checkDraft(draft, service(), t).missing).toEqual([]);
  });

  it('holds back an exemption request without its proof document (the server would refuse it)', () => {
    const draft = draftWith((v) => {
      complete(v);
      v.exemption = { requested: true, reason: 'Social assistance' };
      v.documents = [documentOf('original_diploma')];
    });
    const withoutProof = checkDraft(draft, service(), t);
    expect(withoutProof.request).toBeNull();
    expect(withoutProof.errors['exemption.proof']).toBe('Attach the document that proves the reason for the exemption.');
    draft.values.documents.push(documentOf('exemption_proof'));
    const withProof = checkDraft(draft, service(), t);
    expect(withProof.errors).toEqual({});
    expect(withProof.request?.exemption).toEqual({ reason: 'Social assistance' });
  });

  it('checks the submission with the server schema and says each problem for its field, in the reader’s language', async () => {
    const draft = draftWith((v) => {
      v.applicant.first_name = 'Arta';
      v.applicant.email = 'not an address';
      v.education.ects_credits = 'sixty';
    });
    const i18n = createI18n('en');
    await i18n.loadNamespaces(['counter', 'common', 'refusals']);
    const check = checkDraft(draft, null, i18n.t);
    expect(check.request).toBeNull();
    const english = check.errors;
    expect(english['service_type']).toBe('Choose the service applied for.');
    expect(english['applicant.last_name']).toBe('This field is required');
    expect(english['applicant.email']).toBe('Enter a valid e-mail address, e.g. name@example.org.');
    expect(english['education.ects_credits']).toBe('Enter a whole number of credits from 0 to 1000.');
    expect(english['applicant.first_name']).toBeUndefined();
    await i18n.changeLanguage('sq');
    await i18n.loadNamespaces(['counter', 'common', 'refusals']);
    const albanian = checkDraft(draft, null, i18n.t).errors;
    expect(albanian['service_type']).toBe('Zgjidhni shërbimin për të cilin aplikohet.');
  });
});
