import { z } from 'zod';
import { DOCUMENT_PATHS, documentUploadQuery, storedDocument, uploadFileName } from '../api/documents';
import { ISSUANCE_PATHS, verdict } from '../api/issuance';
import { COUNCIL_PATHS, councilMeeting } from '../api/councils';
import { EXPERT_PATHS, expertReview } from '../api/experts';
import { REPORT_PATHS } from '../api/reports';
import { APPEAL_PATHS } from '../api/appeals';
import { DECISION_PATHS } from '../api/recognition-decisions';
import { SPECIMEN_PATHS, specimen } from '../api/diploma-specimens';
import { PERSONAL_DATA_PATHS } from '../api/personal-data';
import { DOCUMENT_TYPES } from '../document-types';
import { DOCUMENT_KINDS } from '../domain/application-status';

// File transfers, the part of the IPC contract that moves PDFs. The page only ever sees
// a selection (an opaque id, a file name, a size), progress and outcomes: never a path, never
// bytes. The desktop's main process streams files from and to disk; the browser shell does the
// same through the browser, behind the same bridge.

/** Chosen by the page (crypto.randomUUID()) so it can cancel before the call answers. */
export const transferId = z.string().regex(/^[\w-]{8,64}$/, 'Invalid format');

/** A file the user chose or dropped, checked (PDF signature, not empty, within the limit) and held by main. */
export const pdfSelection = z.object({
  /** Opaque handle; only the bridge that made it can upload it. */
  selection: z.string(),
  file_name: z.string(),
  size: z.number().int().nonnegative(),
});
export type PdfSelection = z.infer<typeof pdfSelection>;

/** Where an upload goes. A discriminated union so other upload endpoints are one more member. */
export const uploadTarget = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('application_document'),
    application_id: z.number().int().positive(),
    document_type: z.enum(DOCUMENT_TYPES),
    kind: z.enum(DOCUMENT_KINDS).default('original'),
  }),
  /** The inspectorate's one verification PDF of the current request; answers the stored document. */
  z.object({ type: z.literal('inspectorate_document'), application_id: z.number().int().positive() }),
  /** A final verification verdict's PDF (the draft's `version`, 412 when stale); answers the verdict. */
  z.object({
    type: z.literal('verdict_file'),
    application_id: z.number().int().positive(),
    verdict_id: z.number().int().positive(),
    version: z.number().int().nonnegative(),
  }),
  /** A council meeting's minutes (the meeting's `version`, 412 when stale); answers the meeting. */
  z.object({ type: z.literal('council_minutes'), meeting_id: z.number().int().positive(), version: z.number().int().nonnegative() }),
  /** An expert review's PDF report, before it is submitted (the review's `version`); answers the review. */
  z.object({ type: z.literal('expert_review_report'), review_id: z.number().int().positive(), version: z.number().int().nonnegative() }),
  /** A diploma specimen's genuine document (the specimen's current `version`, 412 when stale): a new version; answers the specimen. */
  z.object({ type: z.literal('diploma_specimen'), specimen_id: z.number().int().positive(), version: z.number().int().nonnegative() }),
]);
export type UploadTarget = z.input<typeof uploadTarget>;

/** `a=1&b=x%20y`: src/shared has neither the DOM's nor Node's URLSearchParams. */
function queryString(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

/** The API path (with its query) an upload of `fileName` to `target` is sent to, for both shells. */
export function uploadPath(target: z.output<typeof uploadTarget>, fileName: string): string {
  switch (target.type) {
    case 'application_document': {
      const query = documentUploadQuery.parse({ document_type: target.document_type, kind: target.kind, file_name: fileName });
      return `${DOCUMENT_PATHS.upload(target.application_id)}?${queryString({ document_type: query.document_type, kind: query.kind, file_name: query.file_name })}`;
    }
    case 'inspectorate_document':
      return `${DOCUMENT_PATHS.inspectorateUpload(target.application_id)}?${queryString({ file_name: uploadFileName.parse(fileName) })}`;
    case 'verdict_file': {
      const search = queryString({ version: String(target.version), file_name: uploadFileName.parse(fileName) });
      return `${ISSUANCE_PATHS.verdictFile(target.application_id, target.verdict_id)}?${search}`;
    }
    case 'council_minutes':
      return `${COUNCIL_PATHS.minutes(target.meeting_id)}?${queryString({ version: String(target.version), file_name: uploadFileName.parse(fileName) })}`;
    case 'expert_review_report':
      return `${EXPERT_PATHS.report(target.review_id)}?${queryString({ version: String(target.version), file_name: uploadFileName.parse(fileName) })}`;
    case 'diploma_specimen':
      return `${SPECIMEN_PATHS.file(target.specimen_id)}?${queryString({ version: String(target.version), file_name: uploadFileName.parse(fileName) })}`;
  }
}

export const uploadRequest = z.object({
  transfer_id: transferId,
  selection: z.string().min(1).max(100),
  target: uploadTarget,
});
export type UploadRequest = z.input<typeof uploadRequest>;

/** A cancel is not a failure: it answers `cancelled`, and the server keeps nothing. */
export const uploadOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('uploaded'), document: storedDocument }),
  z.object({ outcome: z.literal('uploaded_verdict'), verdict }),
  z.object({ outcome: z.literal('uploaded_minutes'), meeting: councilMeeting }),
  z.object({ outcome: z.literal('uploaded_review_report'), review: expertReview }),
  z.object({ outcome: z.literal('uploaded_specimen'), specimen }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export type UploadOutcome = z.infer<typeof uploadOutcome>;

/** The outcome of a server's 2xx answer to an upload to `target`; null when the answer breaks the contract. */
export function uploadedOutcome(target: z.output<typeof uploadTarget>, body: unknown): Exclude<UploadOutcome, { outcome: 'cancelled' }> | null {
  if (target.type === 'verdict_file') {
    const parsed = verdict.safeParse(body);
    return parsed.success ? { outcome: 'uploaded_verdict', verdict: parsed.data } : null;
  }
  if (target.type === 'council_minutes') {
    const parsed = councilMeeting.safeParse(body);
    return parsed.success ? { outcome: 'uploaded_minutes', meeting: parsed.data } : null;
  }
  if (target.type === 'expert_review_report') {
    const parsed = expertReview.safeParse(body);
    return parsed.success ? { outcome: 'uploaded_review_report', review: parsed.data } : null;
  }
  if (target.type === 'diploma_specimen') {
    const parsed = specimen.safeParse(body);
    return parsed.success ? { outcome: 'uploaded_specimen', specimen: parsed.data } : null;
  }
  const parsed = storedDocument.safeParse(body);
  return parsed.success ? { outcome: 'uploaded', document: parsed.data } : null;
}

export const DOWNLOAD_SOURCES = ['document', 'issued_document', 'template_preview', 'verdict_file', 'decision_pdf', 'council_minutes', 'expert_review_report', 'report_export', 'appeal_letter', 'diploma_specimen', 'subject_export'] as const;
export type DownloadSource = (typeof DOWNLOAD_SOURCES)[number];

export const downloadRequest = z
  .object({
    transfer_id: transferId,
    /**
     * What `document_id` names: a stored document (default), an issued document of the register,
     * a template version (its sample rendering), a verdict or a recognition decision's PDF (with
     * its `application_id`), a
     * council meeting (its minutes), an expert review (its report), a finished report export
     * (its CSV, XLSX or PDF file), an appeal (the applicant's letter), a diploma specimen's
     * version (its genuine document), or a person (their subject access export, one ZIP).
     */
    source: z.enum(DOWNLOAD_SOURCES).default('document'),
    document_id: z.number().int().positive(),
    application_id: z.number().int().positive().optional(),
    /** The name to suggest or use; main makes it safe for the local file system. */
    file_name: uploadFileName,
    /** When known (the document's metadata), the downloaded file must match it. */
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'Invalid format')
      .nullable()
      .optional(),
  })
  .refine((request) => (request.source !== 'verdict_file' && request.source !== 'decision_pdf') || request.application_id !== undefined, {
    message: 'This field is required',
    path: ['application_id'],
  });
export type DownloadRequest = z.input<typeof downloadRequest>;

/** The API path a download streams from, for both shells. */
export function downloadPath(request: z.output<typeof downloadRequest>): string {
  switch (request.source) {
    case 'document':
      return DOCUMENT_PATHS.content(request.document_id);
    case 'issued_document':
      return ISSUANCE_PATHS.issuedContent(request.document_id);
    case 'template_preview':
      return ISSUANCE_PATHS.templatePreview(request.document_id);
    case 'verdict_file':
      return ISSUANCE_PATHS.verdictFile(request.application_id ?? 0, request.document_id);
    case 'decision_pdf':
      return DECISION_PATHS.pdf(request.application_id ?? 0, request.document_id);
    case 'council_minutes':
      return COUNCIL_PATHS.minutes(request.document_id);
    case 'expert_review_report':
      return EXPERT_PATHS.report(request.document_id);
    case 'report_export':
      return REPORT_PATHS.download(request.document_id);
    case 'appeal_letter':
      return APPEAL_PATHS.letter(request.document_id);
    case 'diploma_specimen':
      return SPECIMEN_PATHS.versionFile(request.document_id);
    case 'subject_export':
      return PERSONAL_DATA_PATHS.personExport(request.document_id);
  }
}

/** The kinds of file a download may be, and their media types. */
export const DOWNLOAD_FILE_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
} as const;
export type DownloadFileType = keyof typeof DOWNLOAD_FILE_TYPES;

/** A download's kind: a PDF, except a subject access export (a ZIP) and a report export, whose file name says which of its formats it is. */
export function downloadFileType(request: { source?: DownloadSource | undefined; file_name: string }): DownloadFileType {
  if (request.source === 'subject_export') return 'zip';
  if (request.source !== 'report_export') return 'pdf';
  const extension = /\.(csv|xlsx|pdf)$/i.exec(request.file_name)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'xlsx' ? extension : 'pdf';
}

/** What a preview answers: the PDF's bytes for the page's viewer (bounded by the upload limit). */
export const previewOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('previewed'), data: z.instanceof(Uint8Array) }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export type PreviewOutcome = z.infer<typeof previewOutcome>;

export const downloadOutcome = z.object({
  /** saved: to the file the user chose; opened: a temporary copy handed to the system viewer. */
  outcome: z.enum(['saved', 'opened', 'cancelled']),
  file_name: z.string(),
  size: z.number().int().nonnegative(),
});
export type DownloadOutcome = z.infer<typeof downloadOutcome>;

export const TRANSFER_DIRECTIONS = ['upload', 'download'] as const;

/** The `transfer:progress` event; at most about ten a second per transfer, `loaded` never goes back. */
export const transferProgress = z.object({
  transfer_id: transferId,
  direction: z.enum(TRANSFER_DIRECTIONS),
  loaded: z.number().int().nonnegative(),
  /** Unknown when the server sends no length. */
  total: z.number().int().nonnegative().nullable(),
});
export type TransferProgress = z.infer<typeof transferProgress>;

/** Why a file was refused before anything was sent. */
export const TRANSFER_REFUSALS = [
  'not_found',
  'not_a_file',
  'unreadable',
  'empty',
  'not_pdf',
  'too_large',
  'changed',
  'unknown_selection',
  // A file kept for a counter draft: no room to keep it, it could not be written, or its kept copy no longer opens.
  'no_space',
  'not_kept',
  'damaged',
] as const;
export type TransferRefusalReason = (typeof TRANSFER_REFUSALS)[number];

/** The body of a refusal (a TransportError's `body`), so the page can say exactly what is wrong. */
export const transferRefusalBody = z.object({
  detail: z.string(),
  reason: z.enum(TRANSFER_REFUSALS),
  /** With `too_large`: the limit the server publishes. */
  max_upload_bytes: z.number().int().positive().optional(),
});
export type TransferRefusal = z.infer<typeof transferRefusalBody>;

/** Whatever a page hands over from a drop or a file input (a DOM File satisfies it). */
export interface DroppedFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}
