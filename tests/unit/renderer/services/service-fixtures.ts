import type { Service, ServiceHistoryEntry } from '../../../../src/shared/api/services';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { makeUser } from '../fixtures';

export const admin = makeUser({ id: 1, username: 'admin', groups: [GROUPS.administrators], is_superuser: true });

/** Service 3 (Kosovo diploma verification) as the server answers it. */
export function makeService(overrides: Partial<Service> = {}): Service {
  return {
    id: 3,
    service_type: 3,
    category: 'kosovo_verification',
    name_en: 'Verification of Kosovo diplomas',
    name_sq: 'Verifikimi i diplomave të Kosovës',
    name_sr: 'Verifikacija kosovskih diploma',
    description_en: 'Confirms that a diploma issued in Kosovo is authentic.',
    description_sq: 'Vërteton që një diplomë e lëshuar në Kosovë është autentike.',
    description_sr: 'Potvrđuje da je diploma izdata na Kosovu autentična.',
    requirements_en: 'The diploma and an identity document.',
    requirements_sq: 'Diploma dhe një dokument identifikimi.',
    requirements_sr: 'Diploma i lični dokument.',
    fee: '15.00',
    fee_enabled: true,
    base_fee_amount: '15.00',
    fee_exemption_allowed: false,
    processing_time_days: 30,
    enabled: true,
    council_required: false,
    appeal_period_days: null,
    appeal_body_en: '',
    appeal_body_sq: '',
    appeal_body_sr: '',
    degree_options: [],
    document_requirements: [
      { document_type: 'original_diploma', required: true, description_en: 'The diploma to verify.', description_sq: 'Diploma që verifikohet.', description_sr: 'Diploma koja se verifikuje.' },
      { document_type: 'id_document', required: true, description_en: 'Identity card or passport.', description_sq: 'Letërnjoftimi ose pasaporta.', description_sr: 'Lična karta ili pasoš.' },
    ],
    selectable_documents: [{ label_en: 'Supplement', label_sq: 'Shtojca', label_sr: 'Dodatak' }],
    workflow_stages: ['submitted', 'payment_pending', 'payment_completed'],
    price_table: { kind: 'document_count', prices: { one_or_fewer: '15.00', more_than_one: '25.00' }, degree_prices: {} },
    application_count: 12,
    version: 4,
    created_at: '2026-01-05T09:00:00Z',
    updated_at: '2026-02-10T14:30:00Z',
    ...overrides,
  };
}

export const historyEntry: ServiceHistoryEntry = {
  id: 40,
  action: 'updated',
  actor_id: 1,
  actor_name: 'Arben Gashi',
  created_at: '2026-02-10T14:30:00Z',
  changes: [{ field: 'processing_time_days', before: 20, after: 30 }],
};

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
