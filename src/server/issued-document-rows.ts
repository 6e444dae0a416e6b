import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { SideEffect } from '../shared/domain/application-workflow';
import type { IssuedDocumentKind, IssuedDocumentsTable } from './db/schema';

// What an issued document's row holds when it is issued: one shape for the workflow (the
// applications module, in the decision's transaction) and for the demo seed (src/server/db), so
// a demo certificate is exactly what approving an application would have written.

// Crockford's base32 without I, L, O, U: nothing to misread on paper.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 12 characters from 60 random bits, as XXXX-XXXX-XXXX. */
export function newVerificationCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/** The workflow's issuing side effects and the kind of document each one issues. */
export const ISSUING_EFFECTS: Readonly<Partial<Record<SideEffect, IssuedDocumentKind>>> = {
  issue_recognition_certificate: 'recognition_certificate',
  issue_recognition_statement: 'recognition_statement',
  issue_verification_document: 'verification_document',
};

export function issuedDocumentRow(
  application: { id: number; reference: string; applicant_name: string },
  kind: IssuedDocumentKind,
  issuedById: number | null,
  issuedAt: Date,
): Insertable<IssuedDocumentsTable> {
  return {
    application_id: application.id,
    kind,
    verification_code: newVerificationCode(),
    reference: application.reference,
    holder_name: application.applicant_name,
    issued_by_id: issuedById,
    issued_at: issuedAt,
  };
}
