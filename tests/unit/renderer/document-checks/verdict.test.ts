import { describe, expect, it } from 'vitest';
import type { CredentialCheckAnswer, PdfCheckAnswer } from '../../../../src/shared/api/document-seals';
import type { IssuedDocument } from '../../../../src/shared/api/issuance';
import { credentialVerdict, pdfVerdict, verdictTone } from '../../../../src/renderer/features/document-checks/verdict';

// The one word "Verify a document" leads with: the worst finding wins.

const credential = (change: Partial<CredentialCheckAnswer> = {}): CredentialCheckAnswer => ({
  signature_valid: true,
  signature_error: null,
  issuer_id: 'did:web:verify.naric.example',
  issuer_name: 'NARIC',
  issuer_kind: 'ours',
  key_state: 'current',
  status: 'valid',
  valid_from: '2026-01-01T00:00:00Z',
  valid_until: null,
  expired: false,
  claims: [],
  types: ['VerifiableCredential'],
  ...change,
});

const seal = { signature_valid: true, digest_matches: true, covers_whole_document: true, signer: 'CN=DEMO seal', signer_issuer: 'CN=DEMO CA', signing_time: '2026-01-01T00:00:00Z', sub_filter: 'ETSI.CAdES.detached', our_seal: true, timestamped: false };
const pdf = (...signatures: Partial<typeof seal>[]): PdfCheckAnswer => ({ sha256: 'a'.repeat(64), size: 1000, signatures: signatures.map((change) => ({ ...seal, ...change })) });
const entry = (status: IssuedDocument['status']) => ({ status }) as IssuedDocument;

describe('a credential', () => {
  it('is valid when signed by a known issuer, not revoked, not expired (a retired key included)', () => {
    expect(credentialVerdict(credential())).toBe('valid');
    expect(credentialVerdict(credential({ key_state: 'retired' }))).toBe('valid');
  });

  it('a broken proof is invalid even when the status list says valid; an unresolved issuer is an unknown signer', () => {
    expect(credentialVerdict(credential({ signature_valid: false }))).toBe('invalid');
    expect(credentialVerdict(credential({ signature_valid: false, issuer_kind: 'unresolved' }))).toBe('unknown_signer');
  });

  it('revoked before expired', () => {
    expect(credentialVerdict(credential({ status: 'revoked', expired: true }))).toBe('revoked');
    expect(credentialVerdict(credential({ expired: true }))).toBe('expired');
  });
});

describe('a PDF', () => {
  it('is valid with the office seal over the whole file and a standing register entry', () => {
    expect(pdfVerdict(pdf({}), entry('valid'))).toBe('valid');
    expect(pdfVerdict(pdf({}), null)).toBe('valid');
  });

  it('without a seal is unsigned; a seal that does not hash to the bytes is invalid', () => {
    expect(pdfVerdict(pdf(), null)).toBe('unsigned');
    expect(pdfVerdict(pdf({ digest_matches: false }), entry('valid'))).toBe('invalid');
    expect(pdfVerdict(pdf({}, { signature_valid: false }), entry('valid'))).toBe('invalid');
  });

  it('something added after the last seal is a change; another signer is unknown; a revoked entry is revoked', () => {
    expect(pdfVerdict(pdf({ covers_whole_document: false }), entry('valid'))).toBe('changed');
    expect(pdfVerdict(pdf({ our_seal: false }), null)).toBe('unknown_signer');
    expect(pdfVerdict(pdf({}), entry('revoked'))).toBe('revoked');
  });

  it('only valid is shown as success', () => {
    expect(verdictTone('valid')).toBe('success');
    expect(verdictTone('revoked')).toBe('error');
    expect(verdictTone('unsigned')).toBe('warning');
  });
});
