import { z } from 'zod';
import { uploadFileName } from './documents';
import { paginated, pageQuery, recordId, recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';

// Issued documents (verification documents, recognition certificates and statements) and their register, the
// public verification of a code, document templates, and final verification verdicts.

/** A recognition statement is what a positive service-1 decision issues; a recognition certificate, service 2's. */
export const ISSUED_DOCUMENT_KINDS = ['verification_document', 'recognition_certificate', 'recognition_statement'] as const;
export type IssuedDocumentKind = (typeof ISSUED_DOCUMENT_KINDS)[number];
export const TEMPLATE_KINDS = [...ISSUED_DOCUMENT_KINDS, 'verdict'] as const;
export const TEMPLATE_LANGUAGES = ['sq', 'sr', 'en'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

const personRef = z.object({ id: z.number().int(), full_name: z.string() });

export const issuedDocument = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  reference: z.string(),
  holder_name: z.string(),
  kind: z.enum(ISSUED_DOCUMENT_KINDS),
  verification_code: z.string(),
  issued_at: z.string(),
  issued_by: personRef.nullable(),
  status: z.enum(['valid', 'revoked']),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  /** SHA-256 (hex) of the PDF as stored when it was issued; null only while its bytes are not made yet. */
  sha256: z.string().nullable(),
  /** The seal certificate's subject the PDF is signed with; null: issued without a seal (or its bytes not made yet). */
  sealed_by: z.string().nullable(),
  /** Whether a verifiable credential was issued beside the PDF. */
  has_credential: z.boolean(),
});
export type IssuedDocument = z.infer<typeof issuedDocument>;

/** Revoking in the register: why (kept on the row, shown in the register). */
export const issuedDocumentRevoke = z.object({ reason: safeText({ max: 500 }).min(1, 'This field is required') });
export type IssuedDocumentRevoke = z.infer<typeof issuedDocumentRevoke>;

export const issuedDocumentListQuery = pageQuery.extend({
  kind: z.enum(ISSUED_DOCUMENT_KINDS).optional(),
  status: z.enum(['valid', 'revoked']).optional(),
  /** Code, reference or holder name; or a PDF's SHA-256 (hex), matched whole. */
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
  application: z.coerce.number().pipe(recordId).optional(),
});
export const issuedDocumentListAnswer = paginated(issuedDocument);

/** The public check of a code: the least that proves it (no personal data beyond the holder's name). */
export const verificationAnswer = z.object({
  status: z.enum(['valid', 'revoked', 'unknown']),
  kind: z.enum(ISSUED_DOCUMENT_KINDS).nullable(),
  reference: z.string().nullable(),
  holder_name: z.string().nullable(),
  issued_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** SHA-256 (hex) of the issued PDF, so whoever holds a copy can check it is the one issued. */
  sha256: z.string().nullable(),
  /** Where the document's verifiable credential (JSON) is downloaded; null when it has none. */
  credential_url: z.string().nullable(),
});

export const documentTemplate = z.object({
  id: z.number().int(),
  kind: z.enum(TEMPLATE_KINDS),
  language: z.enum(TEMPLATE_LANGUAGES),
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  active: z.boolean(),
  uploaded_by: personRef.nullable(),
  created_at: z.string(),
});
export type DocumentTemplate = z.infer<typeof documentTemplate>;
export const documentTemplatesAnswer = z.array(documentTemplate);
/** A new version of a template; it becomes the active one. */
export const documentTemplateCreate = z.object({
  kind: z.enum(TEMPLATE_KINDS),
  language: z.enum(TEMPLATE_LANGUAGES),
  title: safeText({ max: TEXT_LIMITS.name }).min(1, 'This field is required'),
  body: safeText({ max: 20_000, multiline: true })
    .min(1, 'This field is required')
    .refine((body) => /\{\{\s*(code|verdict_text)\s*\}\}/.test(body), 'The template must contain {{code}} (or {{verdict_text}} for verdicts).'),
});

export const verdict = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  status: z.enum(['draft', 'submitted']),
  body: z.string(),
  file_name: z.string().nullable(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  created_by: personRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  version: z.number().int(),
});
export type Verdict = z.infer<typeof verdict>;
export const verdictsAnswer = z.array(verdict);
export const verdictUpdate = z.object({ version: recordVersion, body: safeText({ max: 50_000, multiline: true, trim: false }) });
export const verdictRender = z.object({ version: recordVersion, language: z.enum(TEMPLATE_LANGUAGES).default('sq') });
export const verdictSubmit = z.object({ version: recordVersion });
/** The public check's path parameter: a code as printed on a document. */
export const verificationCodeParams = z.object({ code: safeText({ max: 40 }) });
/** The verdict file's query: the version the client saw and the file's name. */
/** `file_name` absent: the multipart file's own name, else `verdict.pdf`. */
export const verdictFileQuery = z.object({ version: z.coerce.number().pipe(recordVersion), file_name: uploadFileName.optional() });

export const ISSUANCE_PATHS = {
  register: '/issued-documents/',
  issued: (id: number) => `/issued-documents/${id}/`,
  issuedContent: (id: number) => `/issued-documents/${id}/content/`,
  verify: (code: string) => `/verify/${encodeURIComponent(code)}/`,
  verifyCredential: (code: string) => `/verify/${encodeURIComponent(code)}/credential/`,
  revoke: (id: number) => `/issued-documents/${id}/revoke/`,
  restore: (id: number) => `/issued-documents/${id}/restore/`,
  templates: '/document-templates/',
  templatePreview: (id: number) => `/document-templates/${id}/preview/`,
  verdicts: (applicationId: number) => `/applications/${applicationId}/verdicts/`,
  verdict: (applicationId: number, verdictId: number) => `/applications/${applicationId}/verdicts/${verdictId}/`,
  verdictFile: (applicationId: number, verdictId: number) => `/applications/${applicationId}/verdicts/${verdictId}/file/`,
  verdictRender: (applicationId: number, verdictId: number) => `/applications/${applicationId}/verdicts/${verdictId}/render/`,
  verdictSubmit: (applicationId: number, verdictId: number) => `/applications/${applicationId}/verdicts/${verdictId}/submit/`,
} as const;
