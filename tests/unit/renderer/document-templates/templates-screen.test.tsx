import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentTemplate } from '../../../../src/shared/api/issuance';
import { json, stubApi } from '../api-stub';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

vi.mock('../../../../src/renderer/lib/pdf-document', () => ({
  openPdfDocument: async () => ({ numPages: 2, destroy: async () => {} }),
  drawPdfPage: () => ({ done: Promise.resolve(), cancel: () => {} }),
}));

const content = makeUser({ id: 9, groups: ['Content Managers'], permissions: ['documents.manage_templates', 'documents.view_document'] });

const template = (id: number, overrides: Partial<DocumentTemplate>): DocumentTemplate => ({
  id,
  kind: 'verification_document',
  language: 'sq',
  version: 1,
  title: 'Dokument verifikimi',
  body: 'Vërtetohet se {{holder_name}} … Kodi: {{code}}',
  active: true,
  uploaded_by: null,
  created_at: '2026-01-01T00:00:00Z',
  ...overrides,
});
const templates = [
  template(1, { version: 1, active: false, title: 'Dokument verifikimi (i vjetër)' }),
  template(2, { version: 2, uploaded_by: { id: 9, full_name: 'Liridona Kelmendi' } }),
  template(3, { language: 'en', title: 'Verification document', body: 'This confirms … Code: {{code}}' }),
];

function open(preview = vi.fn(async () => ({ outcome: 'previewed' as const, data: new TextEncoder().encode('%PDF-1.7') }))) {
  return openSignedIn(content, '/documents/templates', { transfer: { preview, cancel: async () => {} } });
}

afterEach(signOutAfterTest);

describe('document templates screen', () => {
  it('shows the active version per language, the earlier ones, and previews one rendered by the server', async () => {
    stubApi({ 'GET /api/document-templates/': json(200, templates) });
    const preview = vi.fn(async () => ({ outcome: 'previewed' as const, data: new TextEncoder().encode('%PDF-1.7') }));
    open(preview);
    const table = await screen.findByRole('grid', { name: 'Verification document' });
    const albanian = within(table).getAllByRole('row')[1]!;
    expect(albanian.textContent).toContain('Dokument verifikimi');
    expect(albanian.textContent).toContain('2 (of 2)');
    expect(albanian.textContent).toContain('Liridona Kelmendi');
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('No template yet.');

    fireEvent.click(within(albanian).getByRole('button', { name: 'Earlier versions: Verification document, Albanian' }));
    expect(within(albanian).getByText(/Version 1: Dokument verifikimi \(i vjetër\)/)).toBeTruthy();

    fireEvent.click(within(albanian).getByRole('button', { name: 'Preview: Verification document, Albanian' }));
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect(preview).toHaveBeenCalledWith(expect.objectContaining({ source: 'template_preview', document_id: 2 }));
  });

  it('checks a new version before sending (the code must be in it), then saves it', async () => {
    const calls = stubApi({
      'GET /api/document-templates/': json(200, templates),
      'POST /api/document-templates/': json(201, template(4, { version: 3, title: 'Dokument verifikimi 2027' })),
    });
    open();
    const table = await screen.findByRole('grid', { name: 'Verification document' });
    fireEvent.click(within(table).getByRole('button', { name: 'New version: Verification document, Albanian' }));
    const dialog = await screen.findByRole('dialog', { name: 'New version: Verification document, Albanian' });
    const body = within(dialog).getByRole('textbox', { name: 'Text' });
    expect((body as HTMLTextAreaElement).value).toBe(templates[1]!.body);

    fireEvent.change(body, { target: { value: 'Vërtetohet se {{holder_name}} ka diplomë.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as the active version' }));
    expect(await within(dialog).findByText('The text must contain {{code}} (a verdict: {{verdict_text}}).')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Dokument verifikimi 2027' } });
    fireEvent.change(body, { target: { value: 'Vërtetohet se {{holder_name}} ka diplomë. Kodi: {{code}}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as the active version' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(sent.body)).toEqual({ kind: 'verification_document', language: 'sq', title: 'Dokument verifikimi 2027', body: 'Vërtetohet se {{holder_name}} ka diplomë. Kodi: {{code}}' });
  });

  it("shows the server's refusal under the field", async () => {
    stubApi({
      'GET /api/document-templates/': json(200, templates),
      'POST /api/document-templates/': json(400, { title: ['Invalid format'] }),
    });
    open();
    const table = await screen.findByRole('grid', { name: 'Verification document' });
    fireEvent.click(within(table).getByRole('button', { name: 'New version: Verification document, English' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as the active version' }));
    expect(await within(dialog).findByText('Invalid format')).toBeTruthy();
  });
});
