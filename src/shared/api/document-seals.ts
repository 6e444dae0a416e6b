import { z } from 'zod';
import { recordVersion } from './drf';
import { safeText } from './safe-text';

// The office's seal (a PKCS#12 in the system settings), its credential keys (did:web), and the
// "Verify a document" checks of a credential or a sealed PDF someone brings.

/** Days before a seal's certificate expires when the settings start to warn. */
export const SEAL_EXPIRY_WARNING_DAYS = 30;
/** A PKCS#12 file is a few kilobytes; 64 KB leaves room for long chains. */
export const SEAL_FILE_MAX_BYTES = 64 * 1024;

export const sealCertificate = z.object({
  subject: z.string(),
  issuer: z.string(),
  serial_number: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  /** Made by demo mode: a made-up authority, not a real seal. */
  demo: z.boolean(),
  /** Within SEAL_EXPIRY_WARNING_DAYS of its end (and not yet past it). */
  expires_soon: z.boolean(),
  expired: z.boolean(),
});
export type SealCertificate = z.infer<typeof sealCertificate>;

export const sealState = z.object({
  version: z.number().int(),
  /** null: no seal, documents are issued unsigned. */
  certificate: sealCertificate.nullable(),
  /** The RFC 3161 timestamp authority the seal's signatures are timestamped by (PAdES B-T); null: none (B-B). */
  timestamp_authority_url: z.string().nullable(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type SealState = z.infer<typeof sealState>;

const httpUrl = z.url({ protocol: /^https?$/ }).max(500);

/** A new seal file with its password (both or neither), and the timestamp authority ('' for none). */
export const sealUpdate = z
  .object({
    version: recordVersion,
    pkcs12_base64: z
      .string()
      .max(Math.ceil(SEAL_FILE_MAX_BYTES / 3) * 4)
      .regex(/^[A-Za-z0-9+/]+=*$/)
      .optional(),
    password: safeText({ max: 200, trim: false }).optional(),
    timestamp_authority_url: z.union([z.literal(''), httpUrl]),
  })
  .refine((update) => update.pkcs12_base64 === undefined || update.password !== undefined, { path: ['password'], message: 'This field is required' });
export type SealUpdate = z.infer<typeof sealUpdate>;
export const sealVersionQuery = z.object({ version: z.coerce.number().pipe(recordVersion) });

export const credentialKey = z.object({
  id: z.number().int(),
  /** The verification method's id in the DID document. */
  key_id: z.string(),
  public_key_multibase: z.string(),
  created_at: z.string(),
  retired_at: z.string().nullable(),
});
export const credentialKeysAnswer = z.object({ did: z.string(), did_document_url: z.string(), keys: z.array(credentialKey) });
export type CredentialKeys = z.infer<typeof credentialKeysAnswer>;

/** A credential to check, with the did:web documents the officer supplies for other issuers. */
export const credentialCheckRequest = z.object({
  credential: z.record(z.string(), z.unknown()),
  did_documents: z.array(z.record(z.string(), z.unknown())).max(5).default([]),
});
export type CredentialCheckRequest = z.input<typeof credentialCheckRequest>;

export const credentialClaim = z.object({ path: z.string(), value: z.string() });
export const credentialCheckAnswer = z.object({
  signature_valid: z.boolean(),
  signature_error: z.string().nullable(),
  issuer_id: z.string().nullable(),
  issuer_name: z.string().nullable(),
  issuer_kind: z.enum(['ours', 'resolved', 'unresolved']),
  key_state: z.enum(['current', 'retired', 'unknown']).nullable(),
  status: z.enum(['valid', 'revoked', 'no_status', 'unchecked']),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  expired: z.boolean(),
  /** The credential's claims about its subject, flattened ("qualification.name": "…"). */
  claims: z.array(credentialClaim),
  types: z.array(z.string()),
});
export type CredentialCheckAnswer = z.infer<typeof credentialCheckAnswer>;

export const pdfSignatureCheck = z.object({
  /** The signature's CMS verified against the signer's key. */
  signature_valid: z.boolean(),
  /** The signed byte ranges still hash to the digest the signature covers. */
  digest_matches: z.boolean(),
  /** The signature covers the whole file: nothing was appended after signing. */
  covers_whole_document: z.boolean(),
  signer: z.string().nullable(),
  signer_issuer: z.string().nullable(),
  signing_time: z.string().nullable(),
  sub_filter: z.string().nullable(),
  /** The signer's certificate is the office's seal in force (or chains to its authority). */
  our_seal: z.boolean(),
  timestamped: z.boolean(),
});
export const pdfCheckAnswer = z.object({ sha256: z.string(), size: z.number().int(), signatures: z.array(pdfSignatureCheck) });
export type PdfCheckAnswer = z.infer<typeof pdfCheckAnswer>;

export const DOCUMENT_SEAL_PATHS = {
  /** GET the seal's state; PUT a new file and/or the timestamp authority; DELETE ?version=N. */
  seal: '/settings/seal/',
  /** GET the credential keys and the did:web identifier. */
  credentialKeys: '/settings/credential-keys/',
  /** POST: retire the current key and make the next. */
  rotateCredentialKey: '/settings/credential-keys/rotate/',
  /** Public: the Bitstring Status List credential of list n. */
  statusList: (list: number) => `/credentials/status/${list}/`,
  /** Staff: check a credential (JSON) or a PDF (raw body). */
  checkCredential: '/document-checks/credential/',
  checkPdf: '/document-checks/pdf/',
} as const;

/** Served at the server's root, outside the API: where did:web looks for the office's DID document. */
export const DID_DOCUMENT_PATH = '/.well-known/did.json';

/** The longest note a check leaves as evidence (the officer's words and the check's summary). */
export const DOCUMENT_CHECK_EVIDENCE_MAX = 4000;
/** A check's result kept on an application as evidence: what was checked and what the check said. */
export const documentCheckEvidence = z.object({
  subject: z.enum(['credential', 'pdf']),
  summary: safeText({ max: DOCUMENT_CHECK_EVIDENCE_MAX, multiline: true }).min(1, 'This field is required'),
});
export type DocumentCheckEvidence = z.infer<typeof documentCheckEvidence>;
export const documentCheckEvidenceAnswer = z.object({ note_id: z.number().int(), created_at: z.string() });
export const documentCheckEvidencePath = (applicationId: number) => `/applications/${applicationId}/document-checks/`;
