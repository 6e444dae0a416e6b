import { z } from 'zod';
import { storedDocument, uploadFileName } from '../api/documents';
import { DOCUMENT_TYPES } from '../document-types';
import { DOCUMENT_KINDS } from '../domain/application-status';

// File transfers (issue 5), the part of the IPC contract that moves PDFs. The page only ever sees
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
]);
export type UploadTarget = z.input<typeof uploadTarget>;

export const uploadRequest = z.object({
  transfer_id: transferId,
  selection: z.string().min(1).max(100),
  target: uploadTarget,
});
export type UploadRequest = z.input<typeof uploadRequest>;

/** A cancel is not a failure: it answers `cancelled`, and the server keeps nothing. */
export const uploadOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('uploaded'), document: storedDocument }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export type UploadOutcome = z.infer<typeof uploadOutcome>;

export const downloadRequest = z.object({
  transfer_id: transferId,
  document_id: z.number().int().positive(),
  /** The name to suggest or use; main makes it safe for the local file system. */
  file_name: uploadFileName,
  /** When known (the document's metadata), the downloaded file must match it. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'Invalid format')
    .nullable()
    .optional(),
});
export type DownloadRequest = z.input<typeof downloadRequest>;

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
export const TRANSFER_REFUSALS = ['not_found', 'not_a_file', 'unreadable', 'empty', 'not_pdf', 'too_large', 'changed', 'unknown_selection'] as const;
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
