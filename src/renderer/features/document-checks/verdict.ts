import type { CredentialCheckAnswer, PdfCheckAnswer } from '../../../shared/api/document-seals';
import type { IssuedDocument } from '../../../shared/api/issuance';
import type { DocumentCheck } from './api';

// What "Verify a document" says first, in one word, from the server's detailed check: the worst
// finding wins (a broken signature before a revocation before an expiry), so a forged or changed
// document is never called valid because some other part of it checks out.

export const DOCUMENT_VERDICTS = ['valid', 'invalid', 'changed', 'revoked', 'expired', 'unknown_signer', 'unsigned'] as const;
export type DocumentVerdict = (typeof DOCUMENT_VERDICTS)[number];

/** A credential: its proof, then its issuer, then the status list, then its validity period. */
export function credentialVerdict(check: CredentialCheckAnswer): DocumentVerdict {
  if (!check.signature_valid) return check.issuer_kind === 'unresolved' ? 'unknown_signer' : 'invalid';
  if (check.status === 'revoked') return 'revoked';
  if (check.expired) return 'expired';
  return 'valid';
}

/**
 * A PDF: every signature must verify and hash to its bytes, the last must cover the whole file
 * (nothing added after sealing), one must be the office's seal; then the register's entry of the
 * same bytes (found by its SHA-256) says whether the office revoked it.
 */
export function pdfVerdict(check: PdfCheckAnswer, entry: IssuedDocument | null): DocumentVerdict {
  const { signatures } = check;
  if (signatures.length === 0) return 'unsigned';
  if (signatures.some((signature) => !signature.signature_valid || !signature.digest_matches)) return 'invalid';
  if (!signatures[signatures.length - 1]!.covers_whole_document) return 'changed';
  if (!signatures.some((signature) => signature.our_seal)) return 'unknown_signer';
  if (entry?.status === 'revoked') return 'revoked';
  return 'valid';
}

/** How a verdict is shown: green only for valid. */
export function verdictTone(verdict: DocumentVerdict): 'success' | 'warning' | 'error' {
  if (verdict === 'valid') return 'success';
  return verdict === 'expired' || verdict === 'unknown_signer' || verdict === 'unsigned' ? 'warning' : 'error';
}

/** A check's verdict, whichever kind of document it checked. */
export function documentVerdict(result: DocumentCheck): DocumentVerdict {
  return result.subject === 'pdf' ? pdfVerdict(result.check, result.entry) : credentialVerdict(result.check);
}
