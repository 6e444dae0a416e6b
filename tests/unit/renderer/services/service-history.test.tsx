import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHistoryEntry } from '../../../../src/shared/api/services';
import { json, stubApi } from '../api-stub';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { admin, makeService, page } from './service-fixtures';

// The service history reads as before → after per changed field, in the reader's words and
// formats: never the stored JSON of a price table or a list.

afterEach(signOutAfterTest);

const priceEdit: ServiceHistoryEntry = {
  id: 41,
  action: 'updated',
  actor_id: 1,
  actor_name: 'Arben Gashi',
  created_at: '2026-03-02T10:00:00Z',
  changes: [
    {
      field: 'price_table',
      before: { kind: 'document_count', prices: { one_or_fewer: '15.00', more_than_one: '25.00' }, degree_prices: {} },
      after: { kind: 'document_count', prices: { one_or_fewer: '15.00', more_than_one: '30.00' }, degree_prices: { bachelor: { one_or_fewer: '12.50' } } },
    },
    { field: 'fee_exemption_allowed', before: false, after: true },
    { field: 'base_fee_amount', before: '15.00', after: null },
    { field: 'workflow_stages', before: ['submitted'], after: ['submitted', 'payment_pending'] },
    {
      field: 'document_requirements',
      before: [{ document_type: 'id_document', required: true, description_en: 'Identity card.', description_sq: 'Letërnjoftimi.', description_sr: 'Lična karta.' }],
      after: [
        { document_type: 'id_document', required: false, description_en: 'Identity card.', description_sq: 'Letërnjoftimi.', description_sr: 'Lična karta.' },
        { document_type: 'original_diploma', required: true, description_en: '', description_sq: '', description_sr: '' },
      ],
    },
    { field: 'name_sq', before: 'Verifikimi', after: 'Verifikimi i diplomave' },
  ],
};

const linesOf = (history: HTMLElement) => within(history).getAllByRole('listitem').map((item) => item.textContent);

describe('service history', { timeout: 60_000 }, () => {
  it('shows each changed price, flag, amount, list and document before and after, never JSON', async () => {
    stubApi({
      'GET /api/services/3/': json(200, makeService()),
      'GET /api/services/3/history/': json(200, page([priceEdit])),
    });
    const { i18n } = openSignedIn(admin, '/services/3');
    const history = await screen.findByRole('grid', { name: 'History' }, { timeout: 10_000 });
    expect(linesOf(history)).toEqual([
      'Price table, More than one document: €25.00 → €30.00',
      'Price table, One document or none (Bachelor): — → €12.50',
      'Fee exemption allowed: No → Yes',
      'Base fee amount: €15.00 → —',
      'Workflow stages: Submitted → Submitted, Payment pending',
      'Document requirements, Identity document: Required (Identity card.) → Optional (Identity card.)',
      'Document requirements, Original diploma: — → Required',
      'Name (Albanian): Verifikimi → Verifikimi i diplomave',
    ]);
    expect(history.textContent).not.toMatch(/[{}[\]"]/);

    await act(() => i18n.changeLanguage('sq'));
    const historySq = await screen.findByRole('grid', { name: 'Historiku' });
    const albanian = linesOf(historySq);
    expect(albanian[0]).toMatch(/^Tabela e çmimeve, .+: 25,00\s€ → 30,00\s€$/);
    expect(albanian[2]).toBe('Lejohet lirimi nga tarifa: Jo → Po');
    expect(albanian[5]).toBe('Dokumentet e kërkuara, Dokument identifikimi: I detyrueshëm (Letërnjoftimi.) → Jo i detyrueshëm (Letërnjoftimi.)');

    await act(() => i18n.changeLanguage('sr'));
    const historySr = await screen.findByRole('grid', { name: 'Istorija' });
    expect(linesOf(historySr)[2]).toBe('Dozvoljeno oslobađanje od takse: Ne → Da');
    await act(() => i18n.changeLanguage('en'));
  });

  it('names the language of a description when only that one changed, and reads days as days', async () => {
    const entry: ServiceHistoryEntry = {
      ...priceEdit,
      changes: [
        { field: 'processing_time_days', before: 20, after: 30 },
        {
          field: 'document_requirements',
          before: [{ document_type: 'id_document', required: true, description_en: 'Identity card.', description_sq: 'Letërnjoftimi.', description_sr: 'Lična karta.' }],
          after: [{ document_type: 'id_document', required: true, description_en: 'Identity card.', description_sq: 'Letërnjoftimi.', description_sr: 'Lična karta ili pasoš.' }],
        },
      ],
    };
    stubApi({
      'GET /api/services/3/': json(200, makeService()),
      'GET /api/services/3/history/': json(200, page([entry])),
    });
    openSignedIn(admin, '/services/3');
    const history = await screen.findByRole('grid', { name: 'History' }, { timeout: 10_000 });
    expect(linesOf(history)).toEqual([
      'Processing time: 20 days → 30 days',
      'Document requirements, Identity document, Description (Serbian): Lična karta. → Lična karta ili pasoš.',
    ]);
  });
});
