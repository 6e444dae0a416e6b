import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CredentialCheckAnswer, PdfCheckAnswer } from '../../../../src/shared/api/document-seals';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { DEMO_USERS } from '../demo-users';
import { openSignedIn, signOutAfterTest } from '../signed-in';

// Verify a document with the server stubbed: our credential's claims read with their labels (and
// another issuer's with its own keys); the result is kept on an application found by reference,
// with the officer's words, and nothing is sent without an application; a PDF is chosen through
// the app's own file button.

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const CHECK_CREDENTIAL = 'POST /api/document-checks/credential/';

const ourCredential: CredentialCheckAnswer = {
  signature_valid: true,
  signature_error: null,
  issuer_id: 'did:web:verify.naric.example',
  issuer_name: 'NARIC',
  issuer_kind: 'ours',
  key_state: 'current',
  status: 'valid',
  valid_from: '2026-11-02T09:00:00Z',
  valid_until: null,
  expired: false,
  // In the order a signed credential comes back in, not the office's.
  claims: [
    { path: 'verificationCode', value: 'ABCD-EFGH-JKLM' },
    { path: 'type', value: 'Person' },
    { path: 'name', value: 'Valbona Qerimi' },
    { path: 'qualification.graduationDate', value: '2024-06-30' },
    { path: 'outcome.result', value: 'full' },
    { path: 'extra.note', value: 'added by someone' },
  ],
  types: ['VerifiableCredential', 'RecognitionStatement'],
};

const applicationRow = {
  id: 901,
  reference: 'NARIC-2026-900001',
  service_type: 1,
  status: 'processing',
  priority: 'normal',
  applicant: { id: 5, full_name: 'Valbona Qerimi' },
  institution_name: 'University of Vienna',
  institution_country: 'AT',
  submitted_at: '2026-11-01T08:00:00Z',
  assigned_officer: null,
  council: null,
  deadline: null,
  overdue: false,
  days_in_system: 23,
  archived: false,
  invalidated: false,
  incomplete: false,
  version: 1,
  watch_flag: null,
};
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const bodyOf = (calls: StubbedCall[], method: string, path: string) => JSON.parse(calls.find((call) => call.method === method && call.path === path)!.body) as Record<string, unknown>;

async function checkPasted(credential: CredentialCheckAnswer) {
  const pasted = await screen.findByRole('textbox', { name: 'Or paste the credential (JSON)' }, FIRST_RENDER);
  fireEvent.change(pasted, { target: { value: JSON.stringify({ type: ['VerifiableCredential'], credentialSubject: {} }) } });
  fireEvent.click(screen.getByRole('button', { name: 'Check the credential' }));
  const region = await screen.findByRole('region', { name: 'The result of the check' });
  await within(region).findByText(credential.signature_valid ? 'Valid' : 'Invalid', { exact: true });
  return region;
}

describe('Verify a document', { timeout: 60_000 }, () => {
  it('shows our credential’s claims by their labels in the office’s order, dates and outcome in words; an unknown claim by its key, last', async () => {
    stubApi({ [CHECK_CREDENTIAL]: json(200, ourCredential) });
    openSignedIn(DEMO_USERS.officer!, '/documents/verify');
    const region = await checkPasted(ourCredential);
    const claims = within(region).getByText('What it states').nextElementSibling as HTMLElement;
    const rows = within(claims)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Kind of subject: A person', 'Holder: Valbona Qerimi', 'Verification code: ABCD-EFGH-JKLM', 'Graduated on: 30/06/2024', 'Outcome: Full recognition', 'extra.note: added by someone']);
  });

  it('keeps another issuer’s claims under their own keys, even where a key is one of ours', async () => {
    stubApi({ [CHECK_CREDENTIAL]: json(200, { ...ourCredential, issuer_kind: 'resolved', key_state: null, issuer_id: 'did:key:z6Mk', claims: [{ path: 'name', value: 'Someone' }, { path: 'outcome.result', value: 'full' }] }) });
    openSignedIn(DEMO_USERS.officer!, '/documents/verify');
    const region = await checkPasted(ourCredential);
    const claims = within(region).getByText('What it states').nextElementSibling as HTMLElement;
    expect(within(claims).getAllByRole('term').map((term) => term.textContent)).toEqual(['name', 'outcome.result']);
    expect(within(claims).getByText('full')).toBeTruthy();
  });

  it('keeps the result on an application found by reference, with the officer’s words above the summary', async () => {
    const calls = stubApi({
      [CHECK_CREDENTIAL]: json(200, ourCredential),
      'GET /api/applications/': json(200, page([applicationRow])),
      'POST /api/applications/901/document-checks/': json(201, { note_id: 77, created_at: '2026-11-29T10:00:00Z' }),
    });
    openSignedIn(DEMO_USERS.officer!, '/documents/verify');
    const region = await checkPasted(ourCredential);
    const evidence = within(region).getByRole('region', { name: 'Keep the result on an application' });

    // No application chosen: the field says so and nothing is sent.
    fireEvent.click(within(evidence).getByRole('button', { name: 'Keep on the application' }));
    expect(await within(evidence).findByText('This field is required')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/document-checks/') && call.path.startsWith('/api/applications/'))).toBe(false);

    const application = within(evidence).getByRole('combobox', { name: 'Application' });
    act(() => application.focus());
    fireEvent.change(application, { target: { value: 'NARIC-2026-9000' } });
    fireEvent.click(await screen.findByRole('option', { name: 'NARIC-2026-900001 — Valbona Qerimi' }));
    fireEvent.change(within(evidence).getByRole('textbox', { name: 'Your note (optional)' }), { target: { value: 'Brought by the applicant at the counter.' } });
    fireEvent.click(within(evidence).getByRole('button', { name: 'Keep on the application' }));

    expect(await within(evidence).findByText('Kept on the application')).toBeTruthy();
    expect(within(evidence).getByRole('link', { name: 'Open NARIC-2026-900001 — Valbona Qerimi' }).getAttribute('href')).toBe('/applications/901');
    const sent = bodyOf(calls, 'POST', '/api/applications/901/document-checks/');
    expect(sent.subject).toBe('credential');
    const lines = String(sent.summary).split('\n');
    expect(lines[0]).toBe('Brought by the applicant at the counter.');
    expect(lines).toContain('Verify a document: a verifiable credential issued by NARIC · did:web:verify.naric.example was checked.');
    expect(lines).toContain('Valid: The signature is valid, the issuer is known and the credential has not been revoked or expired.');
    expect(lines).toContain('Revocation status: Not revoked');
    expect(lines).toContain('Outcome: Full recognition');
    expect(lines.at(-1)).toBe('No entry in this office’s register matches this document.'.replace('’', "'"));
  });

  it('a refusal of the application is said in words and the choice stays', async () => {
    stubApi({
      [CHECK_CREDENTIAL]: json(200, ourCredential),
      'GET /api/applications/': json(200, page([applicationRow])),
      'POST /api/applications/901/document-checks/': json(404, { detail: 'Not found.', code: 'not_found' }),
    });
    openSignedIn(DEMO_USERS.officer!, '/documents/verify');
    const region = await checkPasted(ourCredential);
    const evidence = within(region).getByRole('region', { name: 'Keep the result on an application' });
    const application = within(evidence).getByRole('combobox', { name: 'Application' });
    act(() => application.focus());
    fireEvent.change(application, { target: { value: 'NARIC-2026-9000' } });
    fireEvent.click(await screen.findByRole('option', { name: 'NARIC-2026-900001 — Valbona Qerimi' }));
    fireEvent.click(within(evidence).getByRole('button', { name: 'Keep on the application' }));
    expect(await within(evidence).findByText('Not kept')).toBeTruthy();
    expect((within(evidence).getByRole('combobox', { name: 'Application' }) as HTMLInputElement).value).toBe('NARIC-2026-900001 — Valbona Qerimi');
  });

  it('a PDF is chosen through the app’s own file button and checked as it is', async () => {
    const check: PdfCheckAnswer = { sha256: 'a'.repeat(64), size: 1234, signatures: [] };
    const calls = stubApi({ 'POST /api/document-checks/pdf/': json(200, check) });
    openSignedIn(DEMO_USERS.officer!, '/documents/verify');
    const input = await screen.findByLabelText('Choose a PDF', undefined, FIRST_RENDER);
    // The browser's own words are not shown: the app's button in the interface language is.
    expect(input.className).toContain('visually-hidden');
    expect(input.parentElement!.textContent).toContain('Choose a file…');
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.7 not sealed'], 'brought.pdf', { type: 'application/pdf' })] } });
    const region = await screen.findByRole('region', { name: 'The result of the check' });
    expect(within(region).getByText('Not sealed', { exact: true })).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/document-checks/pdf/')!.body).toBe('%PDF-1.7 not sealed');
  });
});
