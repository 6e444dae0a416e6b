import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastQueue } from '../../../../src/renderer/components/toast';
import { DocumentTemplatesScreen } from '../../../../src/renderer/features/documents/document-templates-screen';
import type { DocumentTemplate } from '../../../../src/renderer/features/documents/templates';
import { appStore, beginSession, sessionAtom, sessionStatusAtom } from '../../../../src/renderer/lib/session';
import { TEMPLATE_KINDS, TEMPLATE_LANGUAGES } from '../../../../src/shared/api/issuance';
import type { NaricBridge } from '../../../../src/shared/bridge';
import { json, stubApi } from '../api-stub';
import { fakeBridge, makeSession, makeUser } from '../fixtures';
import { renderRoutes } from '../render';

// The preview draws with pdf.js, which needs a real canvas (the e2e tests cover it).
vi.mock('../../../../src/renderer/lib/pdf-document', () => ({
  openPdfDocument: async () => ({ numPages: 1, destroy: async () => {} }),
  drawPdfPage: () => ({ done: Promise.resolve(), cancel: () => {} }),
}));

const admin = makeUser({ id: 3, full_name: 'Teuta Admin', permissions: ['documents.view_document', 'documents.manage_templates'] });

/** Version 1 of every kind × language from the seed, and a version 2 of the Albanian verification document. */
function seededTemplates(): DocumentTemplate[] {
  let id = 0;
  const first = TEMPLATE_KINDS.flatMap((kind) =>
    TEMPLATE_LANGUAGES.map((language) => ({
      id: ++id,
      kind,
      language,
      version: 1,
      title: `${kind} ${language}`,
      body: kind === 'verdict' ? 'Verdict: {{verdict_text}}' : `Code {{code}} for {{holder_name}}`,
      active: !(kind === 'verification_document' && language === 'sq'),
      uploaded_by: null,
      created_at: '2026-01-01T00:00:00Z',
    })),
  );
  return [
    ...first,
    {
      id: 50,
      kind: 'verification_document',
      language: 'sq',
      version: 2,
      title: 'Dokument verifikimi',
      body: 'Kodi: {{code}}\nMbajtësi: {{holder_name}}',
      active: true,
      uploaded_by: { id: 3, full_name: 'Teuta Admin' },
      created_at: '2026-11-10T12:00:00Z',
    },
  ];
}

function open(transfer: Partial<NaricBridge['transfer']> = {}) {
  window.naric = fakeBridge({ transfer: { cancel: async () => {}, ...transfer } });
  beginSession(appStore, makeSession(admin, 'access'));
  return renderRoutes([{ path: '/documents/templates', element: <DocumentTemplatesScreen titleKey="titles.documentTemplates" /> }], {
    path: '/documents/templates',
    store: appStore,
  });
}

afterEach(() => {
  cleanup();
  // The toast queue is the app's one queue: a saved version's toast must not reach the next test.
  for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  delete window.naric;
  vi.unstubAllGlobals();
  appStore.set(sessionAtom, null);
  appStore.set(sessionStatusAtom, 'unknown');
});

describe('document templates screen', () => {
  it('shows the version in use of each kind in each language, and who uploaded it', async () => {
    stubApi({ 'GET /api/document-templates/': json(200, seededTemplates()) });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Document templates' })).toBeTruthy();
    const table = await screen.findByRole('grid', { name: 'Verification document' });
    expect(screen.getByRole('grid', { name: 'Recognition certificate' })).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Verification verdict' })).toBeTruthy();

    const albanian = within(table).getByRole('row', { name: /Albanian/ });
    expect(within(albanian).getByText('Version 2')).toBeTruthy();
    expect(within(albanian).getByText('Dokument verifikimi')).toBeTruthy();
    expect(within(albanian).getByText('Teuta Admin')).toBeTruthy();
    expect(within(albanian).getByRole('button', { name: 'Versions of Verification document, Albanian (2)' })).toBeTruthy();
    const serbian = within(table).getByRole('row', { name: /Serbian/ });
    expect(within(serbian).getByText('Version 1')).toBeTruthy();
    expect(within(serbian).getByText('System (initial text)')).toBeTruthy();
  });

  it('lists every version of one template and previews an earlier one as a PDF in the app', async () => {
    stubApi({ 'GET /api/document-templates/': json(200, seededTemplates()) });
    const preview = vi.fn<NaricBridge['transfer']['preview']>(async () => ({ outcome: 'previewed', data: new TextEncoder().encode('%PDF-1.7') }));
    open({ preview });
    fireEvent.click(await screen.findByRole('button', { name: 'Versions of Verification document, Albanian (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versions: Verification document, Albanian' });
    const rows = within(within(dialog).getByRole('grid', { name: 'Template versions' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('rowheader')[0].textContent)).toEqual(['Version 2', 'Version 1']);
    expect(within(rows[0]).getByText('In use')).toBeTruthy();
    expect(within(rows[1]).getByText('Earlier version')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview version 1' }));
    await waitFor(() => expect(preview).toHaveBeenCalled());
    expect(preview.mock.calls[0][0]).toMatchObject({ source: 'template_preview', document_id: 1, file_name: 'template-preview.pdf' });
    expect(await within(dialog).findByText('Page 1 of 1')).toBeTruthy();
  });

  it('refuses a text without {{code}} with the schema message, then posts the new version', async () => {
    const created = { ...seededTemplates()[9], id: 60, version: 3, title: 'Dokument verifikimi i ri', body: 'Kodi {{code}}', uploaded_by: { id: 3, full_name: 'Teuta Admin' } };
    const calls = stubApi({ 'GET /api/document-templates/': json(200, seededTemplates()), 'POST /api/document-templates/': json(201, created) });
    open();
    const table = await screen.findByRole('grid', { name: 'Verification document' });
    fireEvent.click(within(table).getByRole('button', { name: 'New version: Verification document, Albanian' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template version' });
    // It starts from the version in use.
    const title = within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    const body = within(dialog).getByRole('textbox', { name: /^Text/ }) as HTMLTextAreaElement;
    expect(title.value).toBe('Dokument verifikimi');
    expect(body.value).toBe('Kodi: {{code}}\nMbajtësi: {{holder_name}}');
    expect(within(dialog).getByText('{{verify_url}}')).toBeTruthy();

    fireEvent.change(title, { target: { value: 'Dokument verifikimi i ri' } });
    fireEvent.change(body, { target: { value: 'Mbajtësi: {{holder_name}}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and use this version' }));
    expect(await within(dialog).findByText('The template must contain {{code}} (or {{verdict_text}} for verdicts).')).toBeTruthy();
    expect(body.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(body, { target: { value: 'Kodi {{code}}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and use this version' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New template version' })).toBeNull());
    expect(await screen.findByText('Verification document (Albanian): the new version is in use.')).toBeTruthy();
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(JSON.parse(posted[0].body)).toEqual({ kind: 'verification_document', language: 'sq', title: 'Dokument verifikimi i ri', body: 'Kodi {{code}}' });
    // The list is asked again, so the new version shows as the one in use.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.path === '/api/document-templates/')).toHaveLength(2));
  });

  it('starts another kind or language from its own version in use, and refuses an empty title in Albanian', async () => {
    stubApi({ 'GET /api/document-templates/': json(200, seededTemplates()) });
    const view = open();
    fireEvent.click(await screen.findByRole('button', { name: 'New version' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template version' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Document' }), { target: { value: 'verdict' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Language' }), { target: { value: 'sr' } });
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('verdict sr');
    expect((within(dialog).getByRole('textbox', { name: /^Text/ }) as HTMLTextAreaElement).value).toBe('Verdict: {{verdict_text}}');
    expect(within(dialog).getByText('{{verdict_text}}')).toBeTruthy();
    expect(within(dialog).queryByText('{{code}}')).toBeNull();

    await view.i18n.changeLanguage('sq');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Titulli' }), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ruaj dhe përdor këtë version' }));
    expect(await within(dialog).findByText('Kjo fushë është e detyrueshme')).toBeTruthy();
  });

  it("shows the server's field refusal under that field", async () => {
    stubApi({
      'GET /api/document-templates/': json(200, seededTemplates()),
      'POST /api/document-templates/': json(400, { title: ['A template with this title already exists.'] }),
    });
    open();
    const table = await screen.findByRole('grid', { name: 'Recognition certificate' });
    fireEvent.click(within(table).getByRole('button', { name: 'New version: Recognition certificate, English' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template version' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and use this version' }));
    const message = await within(dialog).findByText('A template with this title already exists.');
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(screen.getByRole('dialog', { name: 'New template version' })).toBeTruthy();
  });

  it('shows a failed load in words and tries again', async () => {
    stubApi({ 'GET /api/document-templates/': [json(500, { detail: 'boom' }), json(200, seededTemplates())] });
    open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The document templates could not be loaded.')).toBeTruthy();
    expect(within(alert).getByText('Internal server error')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New version' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('grid', { name: 'Verification document' })).toBeTruthy();
  });
});
